/**
 * The device-approval page (GET shows the button, POST approves) carries a CSP that allows no script and no
 * framing, X-Frame-Options, no-store and no-referrer, on every answer (errors too); HSTS goes on every response of
 * the server when FOYER_PUBLIC_URL is https, and never when it is http.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { APPROVAL_PAGE_CSP } from './securityHeaders.ts'

const postgres = await probePostgresFor('securityHeaders.test.ts')

const configFor = (publicUrl: string) =>
  loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PUBLIC_URL: publicUrl,
    },
    { repoRoot: '/nonexistent' },
  )

function suite(name: string, open: () => Promise<TestDatabase>) {
  describe(name, () => {
    let t: TestDatabase
    let plain: FoyerApp
    let secure: FoyerApp
    beforeAll(async () => {
      t = await open()
      const projects = new ProjectStore(t.database.kysely)
      const http = configFor('http://127.0.0.1:8787')
      await seedProjects(projects, http)
      plain = createApp({ db: t.database, config: http, projects })
      secure = createApp({ db: t.database, config: configFor('https://foyer.example.com'), projects })
    }, BACKEND_TIMEOUT_MS)
    afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

    const approvals = (app: FoyerApp) => [
      app.request('/v1/embedded/device/approve?token=abc'),
      app.request('/v1/embedded/device/approve'),
      app.request('/v1/embedded/device/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'token=not-a-real-token',
      }),
    ]

    it('the approval page, GET and POST, valid or not: no script, no framing, no caching, no referrer', async () => {
      for (const res of await Promise.all(approvals(plain))) {
        expect(res.status).toBeLessThan(500)
        expect(res.headers.get('content-security-policy')).toBe(APPROVAL_PAGE_CSP)
        expect(res.headers.get('x-frame-options')).toBe('DENY')
        expect(res.headers.get('cache-control')).toBe('no-store')
        expect(res.headers.get('referrer-policy')).toBe('no-referrer')
        expect(res.headers.get('strict-transport-security')).toBeNull()
      }
      expect(APPROVAL_PAGE_CSP).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
    })

    it('with an https public URL, every response carries HSTS (the approval page, the API, errors)', async () => {
      const responses = [
        ...(await Promise.all(approvals(secure))),
        await secure.request('/health'),
        await secure.request('/no/such/route'),
        await secure.request('/v1/project'),
      ]
      for (const res of responses)
        expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
      for (const res of [await plain.request('/health'), await plain.request('/no/such/route')])
        expect(res.headers.get('strict-transport-security')).toBeNull()
    })
  })
}

suite('security headers on PGlite', openTestPGlite)
if (postgres.available) suite('security headers on Postgres', () => openTestPostgres(postgres.adminUrl))
