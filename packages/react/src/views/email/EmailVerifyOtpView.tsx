import { EmbeddedFrameLoadError, RequestAbortedError, enEmail, startEmailLogin, verifyEmailOtp } from '@foyer/core'
import { useId, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { embeddedErrorText } from './embeddedErrorText.ts'
import { OtpInput } from './OtpInput.tsx'
import { useLockCountdown } from './useLockCountdown.ts'

/** The 6-digit code from the email; submits when complete; resend after the 30 s lock. Core closes on success. */
export function EmailVerifyOtpView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const email = useFoyerStore((s) => s.router.data.email) ?? ''
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [lockSeconds, refreshLock] = useLockCountdown()
  const headingId = useId()

  async function verify(otp: string) {
    if (busy) return
    setBusy(true)
    setError(undefined)
    setNotice(undefined)
    try {
      // Not aborted when this view unmounts: a new wallet's recovery code (or a new device's recovery entry) is
      // shown in ApproveTransaction on top of it while this request waits. Closing the modal aborts it.
      await verifyEmailOtp(client, { otp })
    } catch (caught) {
      if (caught instanceof RequestAbortedError) client.showSnackbar('error', { key: 'snackbar.requestAborted' })
      setError(embeddedErrorText(caught, t))
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  async function resend() {
    setError(undefined)
    try {
      const { action } = await startEmailLogin(client, { email })
      if (action === 'VERIFY_DEVICE') client.navigate.replace('EmailVerifyDevice', { email })
      else setNotice(t('otp.codeSent'))
    } catch (caught) {
      if (caught instanceof EmbeddedFrameLoadError) client.showSnackbar('error', { key: 'snackbar.unableToLoadEmailLogin' })
      setError(embeddedErrorText(caught, t))
    } finally {
      refreshLock()
    }
  }

  return (
    <div className="fo-stack fo-email-view">
      <p id={headingId} className="fo-heading">
        {t('otp.sentTo', { email })}
      </p>
      <OtpInput value={code} onChange={setCode} onComplete={(otp) => void verify(otp)} disabled={busy} labelledBy={headingId} />
      {busy && (
        <p className="fo-muted fo-email-status" role="status">
          <Spinner /> {t('otp.verifying')}
        </p>
      )}
      {error && (
        <p className="fo-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
      {notice && !error && (
        <p className="fo-muted" role="status">
          {notice}
        </p>
      )}
      <button type="button" className="fo-link" data-testid="otp-resend" disabled={lockSeconds > 0 || busy} onClick={() => void resend()}>
        {lockSeconds > 0 ? t('otp.resendIn', { seconds: String(lockSeconds) }) : t('otp.resend')}
      </button>
    </div>
  )
}
