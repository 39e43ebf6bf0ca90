// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  alertText,
  aProject,
  byLabel,
  byRole,
  cleanup,
  click,
  fakeApi,
  render,
  submit,
  type,
  waitFor,
} from '../test/render.tsx'
import { SocialCredentialsForm } from './SocialCredentialsForm.tsx'

afterEach(cleanup)

describe('SocialCredentialsForm', () => {
  it('never shows a stored secret, and keeps it when the field is left empty', async () => {
    const api = fakeApi()
    const project = aProject({ socialLogin: { google: { clientId: 'google-client', hasClientSecret: true } } })
    api.setSocialCredentials.mockResolvedValue(project)
    const onSaved = vi.fn()
    await render(<SocialCredentialsForm project={project} provider="google" onSaved={onSaved} />, { api })
    const secret = byLabel('Client secret')
    expect(secret.type).toBe('password')
    expect(secret.value).toBe('')
    expect(secret.required).toBe(false)
    expect(document.getElementById(secret.getAttribute('aria-describedby')!)?.textContent).toContain('A secret is set')
    expect(byLabel('Client id').value).toBe('google-client')
    await type(byLabel('Client id'), 'google-client-2')
    await submit(byRole('button', 'Replace credentials').closest('form')!)
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(project))
    expect(api.setSocialCredentials).toHaveBeenCalledWith('shop', 'google', { clientId: 'google-client-2' })
  })

  it('needs a secret the first time, sends it once, and empties the field after', async () => {
    const api = fakeApi()
    const project = aProject()
    const saved = aProject({ socialLogin: { github: { clientId: 'gh', hasClientSecret: true } } })
    api.setSocialCredentials.mockResolvedValue(saved)
    await render(<SocialCredentialsForm project={project} provider="github" onSaved={vi.fn()} />, { api })
    expect(document.querySelector('[data-testid="secret-state"]')?.textContent).toBe('No secret is set.')
    await type(byLabel('Client id'), 'gh')
    await submit(byRole('button', 'Set credentials').closest('form')!)
    expect(alertText()).toBe('Type the client secret.')
    expect(api.setSocialCredentials).not.toHaveBeenCalled()
    await type(byLabel('Client secret'), 's3cret')
    await type(byLabel('Scopes'), 'openid  email')
    await submit(byRole('button', 'Set credentials').closest('form')!)
    await waitFor(() => expect(byLabel('Client secret').value).toBe(''))
    expect(api.setSocialCredentials).toHaveBeenCalledWith('shop', 'github', {
      clientId: 'gh',
      clientSecret: 's3cret',
      scopes: ['openid', 'email'],
    })
  })

  it('refuses an endpoint that is not a URL', async () => {
    const api = fakeApi()
    await render(<SocialCredentialsForm project={aProject()} provider="discord" onSaved={vi.fn()} />, { api })
    await type(byLabel('Client id'), 'd')
    await type(byLabel('Client secret'), 's')
    await type(byLabel('Token endpoint'), 'discord.example/token')
    await submit(byRole('button', 'Set credentials').closest('form')!)
    expect(alertText()).toContain('Enter a full URL')
    expect(api.setSocialCredentials).not.toHaveBeenCalled()
  })

  it('removes the credentials', async () => {
    const api = fakeApi()
    const project = aProject({ socialLogin: { x: { clientId: 'x-client', hasClientSecret: true } } })
    api.removeSocialCredentials.mockResolvedValue(aProject())
    const onSaved = vi.fn()
    await render(<SocialCredentialsForm project={project} provider="x" onSaved={onSaved} />, { api })
    await click(byRole('button', 'Remove credentials'))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(api.removeSocialCredentials).toHaveBeenCalledWith('shop', 'x')
  })
})
