// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { ConsoleApiError } from '../api/consoleApi.ts'
import { alertText, aProject, byRole, cleanup, click, fakeApi, render, waitFor } from '../test/render.tsx'
import { ConsoleApp } from './ConsoleApp.tsx'

afterEach(cleanup)
const session = { operator: { email: 'dev@foyer.local' }, csrfToken: 'csrf' }
const heading = () => document.querySelector('h1')?.textContent

describe('ConsoleApp', () => {
  it('spends a ?link= token once with a POST, takes it out of the address bar, and opens the projects', async () => {
    history.replaceState(null, '', '/console/?link=one-time-token')
    const api = fakeApi()
    api.signInWithLink.mockResolvedValue(session)
    api.listProjects.mockResolvedValue([aProject()])
    await render(<ConsoleApp api={api} />, { api })
    await waitFor(() => expect(heading()).toBe('Projects'))
    expect(api.signInWithLink).toHaveBeenCalledTimes(1) // StrictMode runs the effect twice; the token works once
    expect(api.signInWithLink).toHaveBeenCalledWith('one-time-token')
    expect(api.getSession).not.toHaveBeenCalled()
    expect(location.search).toBe('')
    expect(document.body.textContent).toContain('Signed in as dev@foyer.local')
  })

  it('shows the sign-in page with the reason when the link is spent', async () => {
    history.replaceState(null, '', '/console/?link=spent')
    const api = fakeApi()
    api.signInWithLink.mockRejectedValue(new ConsoleApiError(400, 'login_link_invalid', 'invalid'))
    await render(<ConsoleApp api={api} />, { api })
    await waitFor(() => expect(heading()).toBe('Sign in to the console'))
    expect(alertText()).toContain('This sign-in link has expired or was already used.')
  })

  it('resumes a session, opens the page the URL names, and signs out', async () => {
    history.replaceState(null, '', '/console/projects/shop')
    const api = fakeApi()
    api.getSession.mockResolvedValue(session)
    api.listProjects.mockResolvedValue([aProject({ name: 'The shop' })])
    api.signOut.mockResolvedValue(undefined)
    await render(<ConsoleApp api={api} />, { api })
    await waitFor(() => expect(heading()).toBe('The shop'))
    expect(document.title).toBe('The shop · Foyer console')
    await click(byRole('button', 'Sign out'))
    await waitFor(() => expect(heading()).toBe('Sign in to the console'))
    expect(api.signOut).toHaveBeenCalledTimes(1)
  })
})
