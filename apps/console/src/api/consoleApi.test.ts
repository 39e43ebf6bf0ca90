import { describe, expect, it, vi } from 'vitest'
import { CONSOLE_CSRF_HEADER } from '../../../server/src/console/contract.ts'
import { ConsoleApiError, createConsoleApi } from './consoleApi.ts'

function recordingFetch(answers: Response[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    const answer = answers.shift()
    if (!answer) throw new TypeError('no answer scripted')
    return answer
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const session = { operator: { email: 'op@example.com' }, csrfToken: 'token-1' }
const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name]

describe('createConsoleApi', () => {
  it('sends the session’s CSRF token on every changing request, and none on reads', async () => {
    const { fetch, calls } = recordingFetch([
      json(session),
      json({ projects: [] }),
      json({ id: 'shop' }, 201),
      json({ id: 'shop' }),
      json({ id: 'shop' }),
      json({ id: 'shop' }),
      new Response(null, { status: 204 }),
    ])
    const api = createConsoleApi({ fetch })
    await api.signIn({ email: 'op@example.com', password: 'pw' })
    expect(header(calls[0]!.init, CONSOLE_CSRF_HEADER)).toBeUndefined() // no session yet
    await api.listProjects()
    await api.createProject({ id: 'shop' })
    await api.updateProject('shop', { name: 'Shop' })
    await api.setSocialCredentials('shop', 'google', { clientId: 'c' })
    await api.removeSocialCredentials('shop', 'google')
    await api.signOut()
    expect(calls.map((c) => `${c.init.method} ${c.url} ${header(c.init, CONSOLE_CSRF_HEADER) ?? '-'}`)).toEqual([
      'POST /console/api/session -',
      'GET /console/api/projects -',
      'POST /console/api/projects token-1',
      'PATCH /console/api/projects/shop token-1',
      'PUT /console/api/projects/shop/social/google token-1',
      'DELETE /console/api/projects/shop/social/google token-1',
      'DELETE /console/api/session token-1',
    ])
    expect(calls[3]!.init.body).toBe('{"name":"Shop"}')
  })

  it('turns the error envelope into a ConsoleApiError with its code, and a failed fetch into network_error', async () => {
    const { fetch } = recordingFetch([
      json({ error: { code: 'bad_credentials', message: 'Wrong email or password' } }, 401),
    ])
    const api = createConsoleApi({ fetch })
    const refused = await api.signIn({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ConsoleApiError)
    expect(refused).toMatchObject({ status: 401, code: 'bad_credentials', message: 'Wrong email or password' })
    const unreachable = await api.listProjects().catch((e: unknown) => e)
    expect(unreachable).toMatchObject({ status: 0, code: 'network_error' })
  })

  it('asks for analytics with the range in the query and the project id encoded', async () => {
    const { fetch, calls } = recordingFetch([json({ range: 'week' })])
    await createConsoleApi({ fetch }).analytics('my site', 'week')
    expect(calls[0]!.url).toBe('/console/api/projects/my%20site/analytics?range=week')
  })

  it('reads the server’s chains with a GET', async () => {
    const chains = { chains: [{ id: 31337, name: 'Foyer Local', paymaster: null }], paymasterSigner: false }
    const { fetch, calls } = recordingFetch([json(chains)])
    expect(await createConsoleApi({ fetch }).listChains()).toEqual(chains)
    expect(`${calls[0]!.init.method} ${calls[0]!.url}`).toBe('GET /console/api/chains')
  })
})
