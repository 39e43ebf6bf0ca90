import { EmbeddedFrameLoadError, RequestAbortedError } from '@foyer/core'
import { isEmail, startEmailLogin } from '@foyer/core/internal'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { translateError } from '../../components/translateError.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'

/**
 * The email field at the top of Connect (features.email with an apiUrl and an AUTH connector). A valid address
 * asks the secure frame to email a code and moves to the code view (the frame takes the code there).
 */
export function EmailLoginForm() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const abort = useRef<AbortController>(undefined)
  const inputId = useId()
  const errorId = useId()
  useEffect(() => () => abort.current?.abort(), [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const address = email.trim()
    if (!isEmail(address)) return setError(t('error.invalidEmail'))
    setError(undefined)
    setBusy(true)
    abort.current = new AbortController()
    try {
      await startEmailLogin(client, { email: address }, { signal: abort.current.signal })
      // Always the code view (the frame draws the entry): whether this address has an account is not told.
      client.navigate.push('EmailVerifyOtp', { email: address })
    } catch (caught) {
      if (abort.current?.signal.aborted) return
      if (caught instanceof EmbeddedFrameLoadError)
        client.showSnackbar('error', { key: 'snackbar.unableToLoadEmailLogin' })
      if (caught instanceof RequestAbortedError) client.showSnackbar('error', { key: 'snackbar.requestAborted' })
      setError(translateError(caught, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="fo-email-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="fo-visually-hidden">
        {t('email.label')}
      </label>
      <div className="fo-email-field">
        <input
          id={inputId}
          className="fo-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('email.placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="email-input"
        />
        <button
          type="submit"
          className="fo-primary"
          data-testid="email-submit"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? <Spinner /> : null}
          {t('email.continue')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="fo-error fo-email-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
      <p className="fo-muted fo-email-or">{t('email.orWallet')}</p>
    </form>
  )
}
