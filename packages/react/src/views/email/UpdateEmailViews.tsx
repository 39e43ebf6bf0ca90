import { UserRejectedRequestError } from '@foyer/core'
import { changeEmail, enEmail, isEmail } from '@foyer/core/internal'
import { type FormEvent, useId, useState } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { FrameFlowHost } from './FrameHost.tsx'
import { useFrameFlow } from './useFrameFlow.ts'

/** Update email, step 1: the new address (no secret). The frame then confirms and takes both codes. */
export function UpdateEmailView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const inputId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!isEmail(email.trim())) return setError(t('error.invalidEmail'))
    client.navigate.push('UpdateEmailConfirm', { email: email.trim() })
  }

  return (
    <form className="fo-stack fo-email-view" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="fo-heading">
        {t('updateEmail.newLabel')}
      </label>
      <input
        id={inputId}
        className="fo-input"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        data-testid="update-email-input"
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p className="fo-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
      <button type="submit" className="fo-primary" data-testid="update-email-submit">
        {t('email.continue')}
      </button>
    </form>
  )
}

/**
 * Update email, step 2: hosts the frame, which asks "Change your email from A to B?", then takes the code sent to
 * A and the one sent to B. Cancel in the frame goes back.
 */
export function UpdateEmailConfirmView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const newEmail = useFoyerStore((s) => s.router.data.email) ?? ''
  const flow = useFrameFlow(
    async (signal) => {
      try {
        return await changeEmail(client, { email: newEmail }, { signal })
      } catch (caught) {
        if (caught instanceof UserRejectedRequestError) return undefined // Cancel in the frame
        throw caught
      }
    },
    (changed) => {
      if (!changed) return client.navigate.goBack()
      client.showSnackbar('success', { key: 'updateEmail.done' })
      client.navigate.reset('Account')
    },
    t,
  )

  return <FrameFlowHost flow={flow} retryTestId="update-email-retry" />
}
