import { type Connector, connectorTestId } from '@foyer/core'
import { useEffect, useMemo } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { preloadViewsWhenIdle } from '../../modal/loaders.ts'

// WalletConnect and the embedded wallet get their own rows and views in later work; never a row that cannot work.
const listedTypes = new Set<Connector['type']>(['ANNOUNCED', 'INJECTED', 'MULTI_CHAIN'])
const installedTypes = new Set<Connector['type']>(['ANNOUNCED', 'INJECTED'])

/** The wallets found in this browser (EIP-6963 and injected, deduplicated by core). */
export function ConnectView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale()
  const connectors = useFoyerStore((s) => s.connectors)
  const wallets = useMemo(() => connectors.filter((c) => listedTypes.has(c.type)), [connectors])
  useEffect(() => preloadViewsWhenIdle(['ConnectingExternal', 'WhatIsAWallet']), [])

  return (
    <div className="fo-stack">
      {wallets.length ? (
        <ul className="fo-list" aria-label={t('connect.walletListLabel')}>
          {wallets.map((connector) => (
            <li key={connector.id}>
              <button
                type="button"
                className="fo-row"
                data-testid={`wallet-selector-${connectorTestId(connector)}`}
                onClick={() => client.navigate.push('ConnectingExternal', { connectorId: connector.id })}
              >
                <WalletImage src={connector.imageUrl} />
                <span className="fo-row-label">{connector.name}</span>
                {installedTypes.has(connector.type) && <span className="fo-tag">{t('connect.installed')}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="fo-notice fo-muted">{t('connect.noWallets')}</p>
      )}
      <button type="button" className="fo-link" onClick={() => client.navigate.push('WhatIsAWallet')}>
        {t('connect.whatIsAWallet')}
      </button>
    </div>
  )
}
