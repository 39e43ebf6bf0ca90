/**
 * The project endpoints as the server mounts them (registerConsoleRoutes): only for a signed-in operator, changes
 * only with the CSRF token, and a change answered by the public API at once. On PGlite and Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND_TIMEOUT_MS } from '../../test/backends.ts'
import { probePostgresFor, testBackends } from '../../test/eachBackend.ts'
import { type ConsoleKit, startConsoleKit } from '../consoleTestKit.ts'

const PASSWORD = 'a long operator password'
const SECRET = 'behind-sign-in-client-secret'

for (const [backend, open] of testBackends(await probePostgresFor('projectsBehindSignIn.test.ts'))) {
  describe(backend, () => {
    const k = {} as ConsoleKit
    beforeAll(async () => void Object.assign(k, await startConsoleKit(open)), BACKEND_TIMEOUT_MS)
    afterAll(() => k.close?.(), BACKEND_TIMEOUT_MS)

    it('refuses without a session, and a change without the CSRF token; writes nothing then', async () => {
      const create = { body: { id: 'guarded' } }
      const anonymous = await k.call('POST', '/projects', create)
      expect(anonymous.status).toBe(401)
      expect((await anonymous.json()).error.code).toBe('not_signed_in')
      expect((await k.call('GET', '/projects')).status).toBe(401)

      const { token } = await k.signIn(await k.operator(PASSWORD), PASSWORD)
      const noToken = await k.call('POST', '/projects', { ...create, cookie: token })
      expect(noToken.status).toBe(403)
      expect((await noToken.json()).error.code).toBe('csrf_failed')
      const list = await k.call('GET', '/projects', { cookie: token })
      expect(list.status).toBe(200)
      expect((await list.json()).projects.map((p: { id: string }) => p.id)).not.toContain('guarded')
    })

    it('a signed-in operator’s change shows in GET /v1/project at once, logged with the operator and no secret', async () => {
      const email = await k.operator(PASSWORD)
      const session = await k.signIn(email, PASSWORD)
      const as = { cookie: session.token, csrf: session.csrf }
      const created = await k.call('POST', '/projects', { ...as, body: { id: 'operated', name: 'Operated' } })
      expect(created.status).toBe(201)
      expect(created.headers.get('cache-control')).toBe('no-store')
      const features = async () =>
        (await (await k.app.request('/v1/project?projectId=operated')).json()).features as Record<string, unknown>
      expect((await features()).swaps).toBe(true)

      const patched = await k.call('PATCH', '/projects/operated', { ...as, body: { features: { swaps: false } } })
      expect(patched.status).toBe(200)
      expect((await features()).swaps).toBe(false)

      const social = await k.call('PUT', '/projects/operated/social/google', {
        ...as,
        body: { clientId: 'c', clientSecret: SECRET, issuer: 'https://accounts.google.com' },
      })
      expect((await social.json()).socialLogin.google.hasClientSecret).toBe(true)
      const lines = k.logs.filter((line) => line.includes('console: project'))
      expect(lines.filter((line) => line.includes(email))).toHaveLength(3)
      expect(k.logs.join('\n')).not.toContain(SECRET)
    })
  })
}
