import { isUserRejection } from '@foyer/core'
import { enConnecting } from '@foyer/core/internal'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { translateError } from '../../components/translateError.ts'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'

type Attempt = { status: 'connecting' } | { status: 'declined' } | { status: 'failed'; error: unknown }

/** Waits for a browser wallet to accept; offers a retry after a decline or a failure. Core closes the modal on success. */
export function ConnectingExternalView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enConnecting)
  const connectorId = useFoyerStore((s) => s.router.data.connectorId)
  const connector = useFoyerStore((s) => s.connectors.find((c) => c.id === connectorId))
  const [attempt, setAttempt] = useState<Attempt>({ status: 'connecting' })
  const started = useRef(false)

  const connect = useCallback(() => {
    setAttempt({ status: 'connecting' })
    client.connect(connectorId ?? '').catch((error: unknown) => {
      setAttempt(isUserRejection(error) ? { status: 'declined' } : { status: 'failed', error })
    })
  }, [client, connectorId])

  useEffect(() => {
    // Once per mount: React's strict mode runs effects twice, and a second wallet prompt would be a bug.
    if (started.current) return
    started.current = true
    connect()
  }, [connect])

  const name = connector?.name ?? ''
  return (
    <div className="fo-center">
      <span className="fo-connecting-mark">
        <WalletImage src={connector?.imageUrl} size={72} />
        {attempt.status === 'connecting' && <Spinner />}
      </span>
      {attempt.status === 'connecting' ? (
        <>
          <p className="fo-heading">{t('connecting.continueInWallet', { name })}</p>
          <p className="fo-muted">{t('connecting.acceptRequest')}</p>
        </>
      ) : (
        <>
          <div role="alert">
            <p className="fo-heading fo-error">
              {t(attempt.status === 'declined' ? 'connecting.declined' : 'connecting.failed')}
            </p>
            <p className="fo-muted">
              {attempt.status === 'declined' ? t('connecting.declinedDetail') : translateError(attempt.error, t)}
            </p>
          </div>
          <button type="button" className="fo-primary" data-testid="connect-retry" onClick={connect}>
            {t('connecting.retry')}
          </button>
        </>
      )}
    </div>
  )
}
