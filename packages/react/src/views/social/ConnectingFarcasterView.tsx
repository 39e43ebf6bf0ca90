import { awaitSocialLogin, cancelSocialLogin, enSocial, startFarcasterLogin } from '@foyer/core/internal'
import { useEffect, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerAccount } from '../../hooks/useFoyerAccount.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { FrameHost } from '../email/FrameHost.tsx'
import { QrCode } from '../walletconnect/QrCode.tsx'
import { walletCss } from '../wallets/walletStyles.ts'
import { SocialMark } from './SocialMark.tsx'
import { isAbort, socialErrorText } from './socialErrorText.ts'
import { socialCss } from './socialStyles.ts'

/**
 * Sign in with Farcaster: the relay's link as a QR code (scanned by the Farcaster app) and as a link that opens the
 * app on this device, a copy button, the wait, Cancel; expiry and a refusal show with Try again. The secure frame
 * takes over when it has something to ask (link an existing account, the recovery code).
 */
export function ConnectingFarcasterView() {
  useStyle('foyer-wallet-style', walletCss)
  useStyle('foyer-social-style', socialCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enSocial)
  const url = useFoyerAccount().farcasterUrl
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  const [frameShown, setFrameShown] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: Try again bumps it to start again
  useEffect(() => {
    const abort = new AbortController()
    setError(undefined)
    setFrameShown(false)
    startFarcasterLogin(client, { signal: abort.signal })
      .then(() => awaitSocialLogin(client, { signal: abort.signal, onFrameVisible: setFrameShown }))
      .catch((caught: unknown) => {
        if (abort.signal.aborted || isAbort(caught)) return
        setFrameShown(false)
        setError(socialErrorText(caught, t))
      })
    return () => abort.abort()
  }, [attempt, client])

  async function copy() {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      client.showSnackbar('success', { key: 'walletConnect.linkCopied' })
    } catch {
      client.showSnackbar('error', { key: 'walletConnect.copyFailed' })
    }
  }

  function cancel() {
    void cancelSocialLogin(client)
    client.navigate.goBack()
  }

  if (frameShown) return <FrameHost />
  if (error)
    return (
      <div className="fo-social-waiting" data-testid="connecting-farcaster">
        <SocialMark provider="farcaster" size={52} />
        <p className="fo-error" role="alert" data-testid="social-error">
          {error}
        </p>
        <button
          type="button"
          className="fo-primary"
          data-testid="social-retry"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {t('social.retry')}
        </button>
      </div>
    )
  return (
    <div className="fo-social-waiting" data-testid="connecting-farcaster">
      {url ? (
        <QrCode
          value={url}
          label={t('farcaster.qrLabel')}
          mark={<SocialMark provider="farcaster" size={40} />}
          testId="farcaster-qr-code"
        />
      ) : (
        <span className="fo-qr" style={{ width: 288, height: 288, alignItems: 'center', justifyContent: 'center' }}>
          <Spinner size={28} />
        </span>
      )}
      <p className="fo-muted">{t('farcaster.scan')}</p>
      <div className="fo-platforms">
        {url && (
          <a href={url} target="_blank" rel="noreferrer noopener" data-testid="farcaster-open">
            {t('farcaster.openApp')}
          </a>
        )}
        <button type="button" data-testid="farcaster-copy" disabled={!url} onClick={() => void copy()}>
          {t('farcaster.copyLink')}
        </button>
      </div>
      <p className="fo-muted" role="status">
        {url ? t('farcaster.waiting') : null}
      </p>
      <button type="button" className="fo-link" data-testid="farcaster-cancel" onClick={cancel}>
        {t('farcaster.cancel')}
      </button>
    </div>
  )
}
