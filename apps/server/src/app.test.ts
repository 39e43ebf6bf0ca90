import { request as httpRequest } from 'node:http'
import { fillPath, routes } from '@foyer/core/protocol'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from './app.ts'
import { loadConfig, type ServerConfig } from './config.ts'
import { requireProject } from './http/project.ts'
import { createServer } from './index.ts'
import { seedProjects } from './projects/seed.ts'
import { ProjectStore } from './projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from './test/backends.ts'
import { probePostgresFor } from './test/eachBackend.ts'

const postgres = await probePostgresFor('app.test.ts', { requiredInCi: true })

const DEMO = 'http://127.0.0.1:5173'
const OTHER = 'https://other.example'

function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'other', name: 'Other', allowedOrigins: [OTHER], features: { swaps: false } },
      ]),
      ...env,
    },
    { repoRoot: '/nonexistent' },
  )
}

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let app: FoyerApp
  let store: ProjectStore
  const config = testConfig()

  beforeAll(async () => {
    t = await open()
    store = new ProjectStore(t.database.kysely)
    await seedProjects(store, config)
    app = createApp({ db: t.database, config, projects: store })
    // routes that only exist for these tests
    app.post('/__test/echo', requireProject(store), (c) =>
      c.json({ project: c.get('project').id, body: c.get('body') ?? null, sdk: c.get('sdk') }),
    )
    app.get('/__test/crash', requireProject(store), () => {
      throw new Error('secret internal detail')
    })
    app.get('/__test/int', requireProject(store), async (c) => {
      await sql`select ${c.req.query('v') ?? ''}::int`.execute(t.database.kysely)
      return c.json({ ok: true })
    })
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  const req = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => app.request(path, init)
  const json = async (res: Response) => res.json() as Promise<any>

  describe('GET /metrics', () => {
    it('is Prometheus text by route pattern; with FOYER_METRICS_TOKEN it needs that bearer token', async () => {
      await req('/v1/project', { headers: { 'x-project-id': 'foyer-demo' } })
      const open = await req('/metrics')
      expect(open.status).toBe(200)
      expect(open.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = await open.text()
      expect(text).toMatch(/^foyer_http_requests_total\{method="GET",route="\/v1\/project",status="200"\} \d+$/m)
      expect(text).toMatch(new RegExp(`^foyer_db_up\\{database="${t.database.kind}"\\} 1$`, 'm'))
      expect(text).toMatch(/^foyer_db_pool_connections_total\{/m)

      const token = 'metrics-token-0123456789'
      const guarded = createApp({ db: t.database, config: testConfig({ FOYER_METRICS_TOKEN: token }), projects: store })
      const refused = await guarded.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await refused.text()).not.toContain(token)
      expect((await guarded.request('/metrics')).status).toBe(401)
      expect((await guarded.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    })
  })

  describe('GET /health', () => {
    it('answers without a project', async () => {
      const res = await req('/health')
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ ok: true, version: config.version, database: t.database.kind })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    })
    it('gets CORS headers for a known origin only', async () => {
      const allowed = await req('/health', { headers: { origin: DEMO } })
      expect(allowed.headers.get('access-control-allow-origin')).toBe(DEMO)
      // A site's script may read the request id (to quote it in a support request) and Retry-After.
      expect(allowed.headers.get('access-control-expose-headers')).toBe('x-request-id, retry-after')
      expect(
        (await req('/health', { headers: { origin: 'https://evil.example' } })).headers.get(
          'access-control-allow-origin',
        ),
      ).toBeNull()
    })
  })

  describe('project resolution', () => {
    it('takes the project from the header, the query or the JSON body', async () => {
      const viaHeader = await req('/v1/project', { headers: { 'x-project-id': 'foyer-demo' } })
      expect(viaHeader.status).toBe(200)
      expect(await json(viaHeader)).toEqual({
        id: 'foyer-demo',
        name: 'Foyer demo',
        features: { swaps: true, onramp: true, analytics: true, names: true, history: true, email: true, socials: [] },
        sponsorship: { chains: [], contracts: [] },
      })
      const viaQuery = await req('/v1/project?projectId=other')
      expect(await json(viaQuery)).toMatchObject({ id: 'other', features: { swaps: false, onramp: true } })
      const viaBody = await req('/__test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: 'other', x: [1] }),
      })
      expect(await json(viaBody)).toEqual({ project: 'other', body: { projectId: 'other', x: [1] }, sdk: {} })
    })

    it('accepts the same id in several places and refuses differing ones', async () => {
      expect(
        (await req('/v1/project?projectId=foyer-demo', { headers: { 'x-project-id': 'foyer-demo' } })).status,
      ).toBe(200)
      const res = await req('/v1/project?projectId=other', { headers: { 'x-project-id': 'foyer-demo' } })
      expect(res.status).toBe(400)
      expect((await json(res)).error.code).toBe('project_id_mismatch')
    })

    it('401 when missing, 403 when unknown, 400 when malformed', async () => {
      const missing = await req('/v1/project')
      expect(missing.status).toBe(401)
      expect(await json(missing)).toEqual({
        error: { code: 'missing_project_id', message: expect.stringContaining('x-project-id') },
      })
      const unknown = await req('/v1/project', { headers: { 'x-project-id': 'nope' } })
      expect(unknown.status).toBe(403)
      expect((await json(unknown)).error.code).toBe('unknown_project')
      const bad = await req(`/v1/project?projectId=${encodeURIComponent('x y/../')}`)
      expect(bad.status).toBe(400)
      expect((await json(bad)).error.code).toBe('invalid_project_id')
      const notString = await req('/__test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"projectId":42}',
      })
      expect(notString.status).toBe(400)
    })

    it('lets a known origin read project errors (CORS headers on the 403)', async () => {
      const res = await req('/v1/project', { headers: { 'x-project-id': 'nope', origin: DEMO } })
      expect(res.status).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBe(DEMO)
    })

    it('validates the SDK headers', async () => {
      const ok = await req('/__test/echo', {
        method: 'POST',
        headers: { 'x-project-id': 'foyer-demo', 'x-sdk-type': 'foyer-react', 'x-sdk-version': '0.1.0' },
      })
      expect((await json(ok)).sdk).toEqual({ type: 'foyer-react', version: '0.1.0' })
      const bad = await req('/v1/project', {
        headers: { 'x-project-id': 'foyer-demo', 'x-sdk-version': 'x'.repeat(65) },
      })
      expect(bad.status).toBe(400)
      expect((await json(bad)).error.code).toBe('invalid_header')
    })

    it('sees project changes (the cache is invalidated on upsert)', async () => {
      await store.upsert({ id: 'late', name: 'Late', allowedOrigins: [], features: {} })
      expect((await req('/v1/project', { headers: { 'x-project-id': 'late' } })).status).toBe(200)
    })
  })

  describe('CORS', () => {
    it('allows an allowed origin, with Vary: Origin', async () => {
      const res = await req('/v1/project', {
        headers: { 'x-project-id': 'foyer-demo', origin: 'http://localhost:5173' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      expect(res.headers.get('vary')).toContain('Origin')
    })

    it.each([
      ['an unknown origin', 'https://evil.example'],
      ["another project's origin", OTHER],
      ['an opaque origin', 'null'],
      ['a look-alike origin', 'http://127.0.0.1:51730'],
    ])('refuses %s with 403 and no CORS headers', async (_label, origin) => {
      const res = await req('/v1/project', { headers: { 'x-project-id': 'foyer-demo', origin } })
      expect(res.status).toBe(403)
      expect(await json(res)).toEqual({ error: { code: 'origin_not_allowed', message: expect.any(String) } })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    })

    const preflight = (path: string, origin: string) =>
      req(path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-project-id, x-sdk-type, x-sdk-version, content-type',
        },
      })

    it('answers a preflight for an allowed origin', async () => {
      const res = await preflight('/v1/project', DEMO)
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(DEMO)
      expect(res.headers.get('access-control-allow-methods')).toContain('POST')
      const allowed = res.headers
        .get('access-control-allow-headers')!
        .split(',')
        .map((h) => h.trim())
      expect(allowed).toEqual(expect.arrayContaining(['x-project-id', 'x-sdk-type', 'x-sdk-version', 'content-type']))
      expect(res.headers.get('access-control-max-age')).toBe('600')
    })

    it('refuses a preflight from an unknown origin, or from another project when ?projectId is given', async () => {
      for (const res of [
        await preflight('/v1/project', 'https://evil.example'),
        await preflight('/v1/project?projectId=foyer-demo', OTHER),
      ]) {
        expect(res.status).toBe(403)
        expect(res.headers.get('access-control-allow-origin')).toBeNull()
        expect((await json(res)).error.code).toBe('origin_not_allowed')
      }
      expect((await preflight('/v1/project?projectId=other', OTHER)).status).toBe(204)
    })
  })

  describe('errors', () => {
    it('404 JSON for unknown routes, project or not', async () => {
      for (const res of [
        await req('/nope'),
        await req('/v1/nope', { headers: { 'x-project-id': 'foyer-demo' } }),
        await req('/health', { method: 'POST' }),
      ]) {
        expect(res.status).toBe(404)
        expect(res.headers.get('content-type')).toContain('application/json')
        expect((await json(res)).error.code).toBe('not_found')
      }
    })

    it('400 JSON for a malformed JSON body', async () => {
      for (const body of ['{bad', '{"projectId":"foyer-demo",}', '[1,']) {
        const res = await req('/__test/echo', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-project-id': 'foyer-demo', origin: DEMO },
          body,
        })
        expect(res.status).toBe(400)
        expect((await json(res)).error.code).toBe('invalid_json')
        expect(res.headers.get('access-control-allow-origin')).toBe(DEMO)
      }
    })

    it('reads a text/plain body as JSON (a string body sent without a preflight); one that does not parse is 400', async () => {
      const sent = await req('/__test/echo', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: DEMO },
        body: JSON.stringify({ projectId: 'foyer-demo', a: [1, 'two'] }),
      })
      expect(sent.status).toBe(200)
      expect(await json(sent)).toMatchObject({
        project: 'foyer-demo',
        body: { projectId: 'foyer-demo', a: [1, 'two'] },
      })
      // Every route of the table that takes a JSON body: text that is not JSON is the malformed-JSON answer. (The
      // webhook reads its signed bytes itself and checks the signature first.)
      const bodyRoutes = Object.values(routes).filter((r) => 'body' in r && r.body && r.name !== 'onrampWebhook')
      expect(bodyRoutes.length).toBeGreaterThan(10)
      for (const r of bodyRoutes) {
        const path = fillPath(r.path, { provider: 'sandbox' })
        const res = await req(path, {
          method: r.method,
          headers: { 'content-type': 'text/plain', 'x-project-id': 'foyer-demo' },
          body: 'hello, not JSON',
        })
        expect(res.status, `${r.method} ${path}`).toBe(400)
        expect(res.headers.get('content-type')).toContain('application/json')
        expect((await json(res)).error.code, `${r.method} ${path}`).toBe('invalid_json')
      }
    })

    it('a text/plain body passes the same origin check as JSON: refused from an origin the project does not allow', async () => {
      for (const [origin, status] of [
        [OTHER, 403],
        ['https://evil.example', 403],
        ['null', 403],
        [DEMO, 200],
      ] as const) {
        const res = await req('/__test/echo', {
          method: 'POST',
          headers: { 'content-type': 'text/plain', origin },
          body: JSON.stringify({ projectId: 'foyer-demo' }),
        })
        expect(res.status, origin).toBe(status)
        if (status === 403) {
          expect((await json(res)).error.code).toBe('origin_not_allowed')
          expect(res.headers.get('access-control-allow-origin')).toBeNull()
        }
      }
    })

    it('other content types are not read as JSON: the project must come from elsewhere, and required bodies are 415', async () => {
      const form = await req('/__test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: JSON.stringify({ projectId: 'foyer-demo' }),
      })
      expect(form.status).toBe(401)
      const quote = await req('/v1/onramp/quote', {
        method: 'POST',
        headers: { 'content-type': 'text/csv', 'x-project-id': 'foyer-demo' },
        body: JSON.stringify({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:1' }),
      })
      expect(quote.status).toBe(415)
      expect((await json(quote)).error.code).toBe('unsupported_media_type')
    })

    it('treats an empty JSON body as no body', async () => {
      const res = await req('/__test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-project-id': 'foyer-demo' },
        body: '',
      })
      expect(await json(res)).toMatchObject({ project: 'foyer-demo', body: null })
    })

    it('413 for a body over 1 MiB', async () => {
      const res = await req('/__test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-project-id': 'foyer-demo' },
        body: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }),
      })
      expect(res.status).toBe(413)
      expect((await json(res)).error.code).toBe('payload_too_large')
    })

    it('500 without internals when a handler crashes', async () => {
      const res = await req('/__test/crash', { headers: { 'x-project-id': 'foyer-demo' } })
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } })
      expect(text).not.toMatch(/secret|at .*\.ts/)
    })

    it('4xx, not 500, when bad input reaches the database', async () => {
      const res = await req('/__test/int?v=abc', { headers: { 'x-project-id': 'foyer-demo' } })
      expect(res.status).toBe(400)
      expect(await res.text()).not.toMatch(/syntax|integer/)
      expect((await req('/__test/int?v=5', { headers: { 'x-project-id': 'foyer-demo' } })).status).toBe(200)
    })
  })

  return () => t
}

/** Plain node:http so the Origin header is sent exactly as given. */
function httpCall(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const r = httpRequest(url, { method, headers }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      r.on('error', reject)
      r.end(body)
    },
  )
}

describe('PGlite (embedded)', () => {
  const shared = suite(openTestPGlite)

  it('createServer listens on a real port, answers, and closes cleanly (shared database left open)', async () => {
    const t = shared()
    const globals = [globalThis.Request, globalThis.Response]
    const server = await createServer(testConfig(), { database: t.database })
    const { url, port } = await server.listen()
    expect(port).toBeGreaterThan(0)
    expect([globalThis.Request, globalThis.Response]).toEqual(globals) // no global side effects
    try {
      // headers added by middleware after the handler must survive the node adapter (regression)
      const badJson = await httpCall(`${url}/v1/project`, 'GET', {
        'content-type': 'application/json',
        'x-project-id': 'nope',
        origin: DEMO,
      })
      expect(badJson.status).toBe(403)
      expect(badJson.headers['access-control-allow-origin']).toBe(DEMO)
      expect(badJson.headers['x-content-type-options']).toBe('nosniff')
      const ok = await httpCall(`${url}/v1/project`, 'GET', { 'x-project-id': 'foyer-demo', origin: DEMO })
      expect(ok.status).toBe(200)
      expect(ok.headers['access-control-allow-origin']).toBe(DEMO)
      expect(ok.headers.vary).toBe('Origin')
      const health = await httpCall(`${url}/health`, 'GET')
      expect(health.status).toBe(200)
      expect(JSON.parse(health.body)).toMatchObject({ ok: true, database: 'pglite' })
      const pre = await httpCall(`${url}/v1/project`, 'OPTIONS', {
        origin: DEMO,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-project-id',
      })
      expect(pre.status).toBe(204)
      expect(pre.headers['access-control-allow-origin']).toBe(DEMO)
      await expect(server.listen()).rejects.toThrow(/already listening/)
    } finally {
      await server.close()
      await server.close()
    }
    await expect(httpCall(`${url}/health`, 'GET')).rejects.toThrow()
    expect((await sql<{ one: number }>`select 1 as one`.execute(t.database.kysely)).rows[0]!.one).toBe(1)
  })
})

describe.runIf(postgres.available)(`Postgres (${postgres.available ? 'scratch database' : postgres.reason})`, () => {
  const shared = suite(openTestPostgres)

  it('createServer opens its own pool from DATABASE_URL and closes it', async () => {
    const t = shared() as Awaited<ReturnType<typeof openTestPostgres>>
    const server = await createServer(testConfig({ DATABASE_URL: t.scratch.url }))
    expect(server.database.kind).toBe('postgres')
    const { url } = await server.listen()
    expect(JSON.parse((await httpCall(`${url}/health`, 'GET')).body)).toMatchObject({ ok: true, database: 'postgres' })
    await server.close()
    await expect(sql`select 1`.execute(server.database.kysely)).rejects.toThrow()
  })
})
