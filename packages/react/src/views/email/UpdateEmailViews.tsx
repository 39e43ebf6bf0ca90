import {
  enEmail,
  getEmbeddedWallet,
  isEmail,
  startEmailUpdate,
  verifyEmailUpdatePrimaryOtp,
  verifyEmailUpdateSecondaryOtp,
} from '@foyer/core'
import { type FormEvent, useId, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { embeddedErrorText } from './embeddedErrorText.ts'
import { OtpInput } from './OtpInput.tsx'

/** Update email, step 1: the new address. A code then goes to the current address. */
export function UpdateEmailView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const inputId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!isEmail(email.trim())) return setError(t('error.invalidEmail'))
    setBusy(true)
    setError(undefined)
    try {
      await startEmailUpdate(client, { email })
      client.navigate.push('UpdateEmailPrimaryOtp', { email: email.trim() })
    } catch (caught) {
      setError(embeddedErrorText(caught, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="fo-stack fo-email-view" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="fo-heading">
        {t('updateEmail.newLabel')}
      </label>
      <input id={inputId} className="fo-input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="update-email-input" aria-invalid={error ? true : undefined} />
      {error && (
        <p className="fo-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
      <button type="submit" className="fo-primary" disabled={busy} data-testid="update-email-submit">
        {busy && <Spinner />}
        {t('email.continue')}
      </button>
    </form>
  )
}

function UpdateEmailOtp({ step }: { step: 'primary' | 'secondary' }) {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const newEmail = useFoyerStore((s) => s.router.data.email) ?? ''
  const currentEmail = getEmbeddedWallet(client)?.getEmail() ?? ''
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const headingId = useId()

  async function verify(otp: string) {
    setBusy(true)
    setError(undefined)
    try {
      if (step === 'primary') {
        await verifyEmailUpdatePrimaryOtp(client, { otp })
        client.navigate.replace('UpdateEmailSecondaryOtp', { email: newEmail })
      } else {
        await verifyEmailUpdateSecondaryOtp(client, { otp })
        client.showSnackbar('success', { key: 'updateEmail.done' })
        client.navigate.reset('Account')
      }
    } catch (caught) {
      setError(embeddedErrorText(caught, t))
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="fo-stack fo-email-view">
      <p id={headingId} className="fo-heading">
        {step === 'primary' ? t('updateEmail.primarySentTo', { email: currentEmail }) : t('updateEmail.secondarySentTo', { email: newEmail })}
      </p>
      <OtpInput value={code} onChange={setCode} onComplete={(otp) => void verify(otp)} disabled={busy} labelledBy={headingId} />
      {busy && (
        <p className="fo-muted" role="status">
          <Spinner /> {t('otp.verifying')}
        </p>
      )}
      {error && (
        <p className="fo-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
    </div>
  )
}

export const UpdateEmailPrimaryOtpView = () => <UpdateEmailOtp step="primary" />
export const UpdateEmailSecondaryOtpView = () => <UpdateEmailOtp step="secondary" />
