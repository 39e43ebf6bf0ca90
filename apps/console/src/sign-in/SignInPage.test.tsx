// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleApiError } from '../api/consoleApi.ts'
import {
  alertText,
  byLabel,
  byRole,
  cleanup,
  fakeApi,
  render,
  statusText,
  submit,
  type,
  waitFor,
} from '../test/render.tsx'
import { SignInPage } from './SignInPage.tsx'

afterEach(cleanup)

const session = { operator: { email: 'dev@foyer.local' }, csrfToken: 'csrf' }

describe('SignInPage', () => {
  it('signs in with email and password and hands the session on', async () => {
    const api = fakeApi()
    api.signIn.mockResolvedValue(session)
    const onSignedIn = vi.fn()
    await render(<SignInPage onSignedIn={onSignedIn} />, { api })
    await type(byLabel('Email'), '  dev@foyer.local ')
    await type(byLabel('Password'), 'foyer-dev-operator')
    await submit(byRole('button', 'Sign in').closest('form')!)
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session))
    expect(api.signIn).toHaveBeenCalledWith({ email: 'dev@foyer.local', password: 'foyer-dev-operator' })
  })

  it('says what went wrong when the server refuses, in the page’s language', async () => {
    const api = fakeApi()
    api.signIn.mockRejectedValue(new ConsoleApiError(401, 'bad_credentials', 'Wrong email or password'))
    const onSignedIn = vi.fn()
    await render(<SignInPage onSignedIn={onSignedIn} />, { api, locale: 'es' })
    await type(byLabel('Correo electrónico'), 'dev@foyer.local')
    await type(byLabel('Contraseña'), 'nope')
    await submit(byRole('button', 'Iniciar sesión').closest('form')!)
    await waitFor(() => expect(alertText()).toBe('Correo o contraseña incorrectos.'))
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('says for how long a locked operator must wait', async () => {
    const api = fakeApi()
    api.signIn.mockRejectedValue(new ConsoleApiError(429, 'operator_locked', 'locked', { retryAfterSeconds: 150 }))
    await render(<SignInPage onSignedIn={vi.fn()} />, { api })
    await type(byLabel('Email'), 'dev@foyer.local')
    await type(byLabel('Password'), 'wrong')
    await submit(byRole('button', 'Sign in').closest('form')!)
    await waitFor(() => expect(alertText()).toContain('Try again in 3 min, or sign in with a link.'))
  })

  it('asks for a sign-in link and says it is on its way without saying whether the address is an operator’s', async () => {
    const api = fakeApi()
    api.requestLink.mockResolvedValue(undefined)
    await render(<SignInPage onSignedIn={vi.fn()} />, { api })
    const linkForm = byRole('button', 'Email me a sign-in link').closest('form')!
    await type(linkForm.querySelector('input')!, 'someone@example.com')
    await submit(linkForm)
    await waitFor(() => expect(statusText()).toContain('If someone@example.com belongs to an operator'))
    expect(api.requestLink).toHaveBeenCalledWith('someone@example.com')
  })

  it('shows why a link from a mail did not sign in', async () => {
    await render(<SignInPage onSignedIn={vi.fn()} linkError="This sign-in link has expired or was already used." />)
    expect(alertText()).toBe('This sign-in link has expired or was already used.')
  })
})
