/**
 * The analytics report as the console reaches it: through the real app's /console/api, behind the operator guard
 * (registerConsoleRoutes and consoleRouters), on PGlite and Postgres. The report's answers themselves are checked in
 * analyticsReport.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectStore } from '../../projects/store.ts'
import { BACKEND_TIMEOUT_MS } from '../../test/backends.ts'
import { probePostgresFor, testBackends } from '../../test/eachBackend.ts'
import { type ConsoleKit, type SignedIn, startConsoleKit } from '../consoleTestKit.ts'

const PASSWORD = 'a long operator password'

for (const [backend, open] of testBackends(await probePostgresFor('consoleAnalyticsRoutes.test.ts'))) {
  describe(backend, () => {
    const k = {} as ConsoleKit
    let session: SignedIn
    beforeAll(async () => {
      Object.assign(k, await startConsoleKit(open))
      await new ProjectStore(k.t.database.kysely).upsert({
        id: 'wired-site',
        name: 'Wired',
        allowedOrigins: ['https://shop.example'],
        features: {},
      })
      session = await k.signIn(await k.operator(PASSWORD), PASSWORD)
    }, BACKEND_TIMEOUT_MS)
    afterAll(() => k.close?.(), BACKEND_TIMEOUT_MS)

    it('is for signed-in operators only: 401 not_signed_in without a session', async () => {
      const response = await k.call('GET', '/projects/wired-site/analytics?range=day')
      expect(response.status).toBe(401)
      expect((await response.json()).error.code).toBe('not_signed_in')
    })

    it('answers a signed-in operator the report, not cached; 404 and 400 as its contract says', async () => {
      const response = await k.call('GET', '/projects/wired-site/analytics?range=week', { cookie: session.token })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const report = await response.json()
      expect(report).toMatchObject({ range: 'week', bucket: 'day', totals: { visitors: 0, opens: 0 } })
      expect(report.funnel).toHaveLength(7)
      const unknown = await k.call('GET', '/projects/no-such-site/analytics?range=day', { cookie: session.token })
      expect([unknown.status, (await unknown.json()).error.code]).toEqual([404, 'unknown_project'])
      const badRange = await k.call('GET', '/projects/wired-site/analytics?range=year', { cookie: session.token })
      expect([badRange.status, (await badRange.json()).error.code]).toEqual([400, 'invalid_request'])
    })
  })
}
