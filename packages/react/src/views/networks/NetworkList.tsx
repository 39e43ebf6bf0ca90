import type { CaipNetworkId } from '@foyer/core'
import { enAccount } from '@foyer/core/internal'
import { useState } from 'react'
import { AlertIcon } from '../../components/icons.tsx'
import { NetworkMark } from '../../components/NetworkMark.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { translateError } from '../../components/translateError.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'

/**
 * The site's networks; choosing one asks the wallet to switch (core navigates afterwards). While the wallet
 * asks, a note says so; a failure is shown inline and the list stays.
 */
export function NetworkList() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enAccount)
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const unsupported = useFoyerStore((s) => s.network.unsupported)
  const connected = useFoyerStore((s) => s.account.isConnected)
  const [pending, setPending] = useState<CaipNetworkId>()
  const [error, setError] = useState<unknown>()

  async function choose(id: CaipNetworkId) {
    if (pending) return
    setPending(id)
    setError(undefined)
    try {
      await client.switchNetwork(id)
    } catch (failure) {
      setError(failure ?? new Error())
    } finally {
      setPending(undefined)
    }
  }

  return (
    <div className="fo-stack">
      <ul className="fo-list" aria-label={t('networks.listLabel')}>
        {client.options.networks.map((network) => {
          const current = network.id === selectedNetworkId && !unsupported
          return (
            <li key={network.id}>
              <button
                type="button"
                className="fo-row"
                data-testid={`network-${network.id}`}
                aria-current={current || undefined}
                aria-disabled={pending ? true : undefined}
                onClick={() => choose(network.id)}
              >
                <NetworkMark network={network} />
                <span className="fo-row-label">{network.name}</span>
                {pending === network.id ? (
                  <Spinner />
                ) : (
                  current &&
                  connected && (
                    <span className="fo-tag" data-tone="success">
                      {t('networks.active')}
                    </span>
                  )
                )}
              </button>
            </li>
          )
        })}
      </ul>
      {pending && connected && <p className="fo-notice fo-muted">{t('networks.switching')}</p>}
      {error !== undefined && (
        <div className="fo-notice" data-tone="error" role="alert" data-testid="network-switch-error">
          <AlertIcon size={18} />
          <span>
            <strong>{t('networks.switchFailed')}</strong>
            <br />
            {translateError(error, t)}
          </span>
        </div>
      )}
    </div>
  )
}
