import { EmbeddedFrameLoadError } from '@foyer/core'
import { enEmail, startEmailLogin, verifyEmailOtp } from '@foyer/core/internal'
import { useState } from 'react'
import { translateError } from '../../components/translateError.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { FrameHost } from './FrameHost.tsx'
import { useFrameFlow } from './useFrameFlow.ts'
import { useLockCountdown } from './useLockCountdown.ts'

/**
 * The login code. The secure frame draws the code entry (and the recovery code, on a new wallet or device) in
 * this view and checks it with the server itself: the site's page never holds the code. Core closes on success.
 * The resend link stays here (it carries no secret), behind the 30 s lock.
 */
export function EmailVerifyOtpView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const email = useFoyerStore((s) => s.router.data.email) ?? ''
  const [notice, setNotice] = useState<string>()
  const [resendError, setResendError] = useState<string>()
  const [lockSeconds, refreshLock] = useLockCountdown()
  const flow = useFrameFlow(
    (signal) => verifyEmailOtp(client, { signal }),
    () => undefined,
    t,
  )

  async function resend() {
    setResendError(undefined)
    setNotice(undefined)
    try {
      await startEmailLogin(client, { email })
      setNotice(t('otp.codeSent'))
    } catch (caught) {
      if (caught instanceof EmbeddedFrameLoadError)
        client.showSnackbar('error', { key: 'snackbar.unableToLoadEmailLogin' })
      setResendError(translateError(caught, t))
    } finally {
      refreshLock()
    }
  }

  const error = flow.error ?? resendError
  return (
    <div className="fo-stack fo-email-view">
      {flow.error ? (
        <button type="button" className="fo-primary" data-testid="otp-retry" onClick={flow.retry}>
          {t('otp.tryAgain')}
        </button>
      ) : (
        <FrameHost size="code" />
      )}
      {error && (
        <p className="fo-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
      {notice && !error && (
        <p className="fo-muted" role="status" data-testid="otp-notice">
          {notice}
        </p>
      )}
      <button
        type="button"
        className="fo-link"
        data-testid="otp-resend"
        disabled={lockSeconds > 0}
        onClick={() => void resend()}
      >
        {lockSeconds > 0 ? t('otp.resendIn', { seconds: String(lockSeconds) }) : t('otp.resend')}
      </button>
    </div>
  )
}
