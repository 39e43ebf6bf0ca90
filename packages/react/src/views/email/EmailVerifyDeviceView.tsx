import { RequestAbortedError, enEmail, waitForEmailDeviceApproval } from '@foyer/core'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { embeddedErrorText } from './embeddedErrorText.ts'

/** A new device: waits until the link in the email was followed, then moves on to the code. */
export function EmailVerifyDeviceView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const email = useFoyerStore((s) => s.router.data.email) ?? ''
  const [error, setError] = useState<string>()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const abort = new AbortController()
    waitForEmailDeviceApproval(client, { signal: abort.signal }).then(
      () => client.navigate.replace('EmailVerifyOtp', { email }),
      (caught: unknown) => {
        if (abort.signal.aborted) return
        if (caught instanceof RequestAbortedError) client.showSnackbar('error', { key: 'snackbar.requestAborted' })
        setError(embeddedErrorText(caught, t))
      },
    )
    return () => abort.abort()
  }, [client, email, t])

  return (
    <div className="fo-center fo-email-view">
      <p className="fo-heading">{t('device.sentTo', { email })}</p>
      {error ? (
        <p className="fo-error" role="alert" data-testid="email-error">
          {error}
        </p>
      ) : (
        <p className="fo-muted" role="status">
          <Spinner /> {t('device.waiting')}
        </p>
      )}
    </div>
  )
}
