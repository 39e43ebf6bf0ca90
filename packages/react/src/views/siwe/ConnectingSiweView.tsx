import { isUserRejection } from '@foyer/core'
import { enSiwe, shortenAddress } from '@foyer/core/internal'
import { useEffect, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { translateError } from '../../components/translateError.ts'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useStyle } from '../../hooks/useStyle.ts'

const siweCss = `[data-foyer] .fo-siwe-address{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:14px;padding:6px 12px;border-radius:999px;background:var(--foyer-surface)}
[data-foyer] .fo-siwe-actions{display:flex;gap:8px;justify-content:center;flex-wrap:wrap;margin-top:8px}
[data-foyer] .fo-siwe-actions .fo-primary{margin-top:0}
[data-foyer] .fo-siwe-secondary{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 20px;border-radius:999px;background:var(--foyer-surface);font-weight:600}
[data-foyer] .fo-siwe-secondary:hover{background:var(--foyer-surface-hover)}
[data-foyer] .fo-siwe-actions button[aria-disabled=true]{cursor:progress;opacity:.7}`

/**
 * Sign-in with Ethereum after a connect: the site's name, the account, Sign in and Cancel. While the account is
 * signed out the modal refuses to close (a shake): signing in leads to Account, Cancel or a decline in the wallet
 * disconnects (core shows why in the snackbar). Other failures are shown here, with Sign in to try again.
 */
export function ConnectingSiweView() {
  useStyle('foyer-siwe-style', siweCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enSiwe)
  const address = useFoyerStore((s) => s.account.address)
  const wallet = useFoyerStore((s) => s.account.connectedWalletInfo)
  const status = useFoyerStore((s) => s.siwe.status)
  const [error, setError] = useState<unknown>()
  const [cancelling, setCancelling] = useState(false)

  // Escape, the overlay and Back are refused (a shake) while a connected account has not signed in.
  useEffect(() => {
    client.setCloseGuard(() => {
      const { account, siwe } = client.getState()
      return !account.isConnected || siwe.status === 'signed-in'
    })
    return () => client.setCloseGuard(undefined)
  }, [client])

  const signing = status === 'signing'
  const checking = status === 'checking'
  const busy = signing || checking || cancelling
  const name = client.options.metadata?.name ?? (typeof location === 'undefined' ? '' : location.host)

  function signIn() {
    if (busy) return
    setError(undefined)
    client.siwe.signIn().catch((reason: unknown) => {
      // A decline disconnects and core says so in the snackbar; anything else stays here to read.
      if (!isUserRejection(reason)) setError(reason)
    })
  }

  function cancel() {
    if (cancelling) return
    setCancelling(true)
    client.siwe.cancel().finally(() => setCancelling(false))
  }

  return (
    <div className="fo-center">
      <span className="fo-connecting-mark">
        <WalletImage src={wallet?.icon} size={72} />
        {busy && <Spinner />}
      </span>
      <p className="fo-heading">{t('siwe.heading', { name })}</p>
      {address && (
        <p className="fo-siwe-address" data-testid="siwe-address" title={address}>
          <span className="fo-visually-hidden">{t('siwe.accountLabel')} </span>
          {shortenAddress(address)}
        </p>
      )}
      <div role="status">
        {signing ? (
          <>
            <p className="fo-heading">{t('siwe.waiting')}</p>
            <p className="fo-muted">{t('siwe.waitingDetail')}</p>
          </>
        ) : checking ? (
          <p className="fo-muted">{t('siwe.checking')}</p>
        ) : (
          <p className="fo-muted">{t('siwe.body')}</p>
        )}
      </div>
      {error !== undefined && !signing && (
        <div role="alert" data-testid="siwe-error">
          <p className="fo-heading fo-error">{t('siwe.failed')}</p>
          <p className="fo-muted">{translateError(error, t)}</p>
        </div>
      )}
      <div className="fo-siwe-actions">
        <button
          type="button"
          className="fo-siwe-secondary"
          data-testid="siwe-cancel"
          aria-disabled={cancelling || undefined}
          onClick={cancel}
        >
          {t('siwe.cancel')}
        </button>
        <button
          type="button"
          className="fo-primary"
          data-testid="siwe-sign"
          aria-disabled={busy || undefined}
          onClick={signIn}
        >
          {signing && <Spinner size={16} />}
          {t('siwe.sign')}
        </button>
      </div>
    </div>
  )
}
