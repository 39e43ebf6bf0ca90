/**
 * Signing in: email and password, or a sign-in link by email. The link's page (`/console/?link=<token>`) is
 * handled by the app before this page shows (useLinkFromUrl): only a POST spends the token.
 */
import { type FormEvent, useState } from 'react'
import type { ConsoleSession } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { PageHeading } from '../app/PageHeading.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'

export function SignInPage({
  onSignedIn,
  linkError,
}: {
  onSignedIn(session: ConsoleSession): void
  linkError?: string | null
}) {
  const { t } = useLocale()
  const { api } = useConsole()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [linkEmail, setLinkEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const signIn = useAction(api.signIn)
  const sendLink = useAction(api.requestLink)

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault()
    const session = await signIn.run({ email: email.trim(), password })
    if (session) onSignedIn(session)
  }
  const submitLink = async (event: FormEvent) => {
    event.preventDefault()
    setSentTo(null)
    const address = linkEmail.trim()
    await sendLink.run(address)
    setSentTo(address)
  }

  return (
    <div className="sign-in">
      <PageHeading>{t('signIn.title')}</PageHeading>
      {linkError ? (
        <p role="alert" className="form-error">
          {linkError}
        </p>
      ) : null}
      <form className="card form" onSubmit={submitPassword} aria-labelledby="sign-in-password-title">
        <h2 id="sign-in-password-title" className="visually-hidden">
          {t('signIn.submit')}
        </h2>
        <label className="field">
          <span>{t('signIn.email')}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <FormStatus error={signIn.error} />
        <button type="submit" className="button primary" disabled={signIn.pending}>
          {signIn.pending ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>

      <form className="card form" onSubmit={submitLink} aria-labelledby="sign-in-link-title">
        <h2 id="sign-in-link-title">{t('signIn.orLink')}</h2>
        <label className="field">
          <span>{t('signIn.email')}</span>
          <input
            type="email"
            name="link-email"
            autoComplete="username"
            required
            value={linkEmail}
            onChange={(e) => setLinkEmail(e.target.value)}
          />
        </label>
        <FormStatus
          error={sendLink.error}
          success={sendLink.done && sentTo ? t('signIn.linkSent', { email: sentTo }) : null}
        />
        <button type="submit" className="button" disabled={sendLink.pending}>
          {sendLink.pending ? t('signIn.sendingLink') : t('signIn.sendLink')}
        </button>
      </form>
    </div>
  )
}
