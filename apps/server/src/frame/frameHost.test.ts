/**
 * The frame host's headers, with projects from a real database (PGlite and, when reachable, Postgres): the CSP's
 * frame-ancestors is exactly the named project's allowed origins (never `*`), 'none' for an unknown or missing
 * project; connect-src names the server and the chains' RPC and bundler URLs exactly; the other headers of the HTML and assets.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type ServerConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { createFrameApp, FRAME_API_URL_PLACEHOLDER } from './frameHost.ts'

const postgres = await probePostgresFor('frameHost.test.ts')

const SHOP = ['https://shop.example', 'https://www.shop.example:8443']
const RPC_1 = 'http://127.0.0.1:8545'
const RPC_2 = 'https://rpc.example.net/v1/key;with,separators?apikey=secret'
const BUNDLER_1 = 'http://127.0.0.1:8798/31337'
const ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
const SOLANA_RPC = 'http://127.0.0.1:8899'
const SOLANA_CLUSTER_RPC = 'https://solana.example/secret-key'

function loadTestConfig(env: Record<string, string> = {}): ServerConfig {
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PUBLIC_URL: 'http://127.0.0.1:8787',
      FOYER_SOLANA_MAINNET_RPC_URL: SOLANA_CLUSTER_RPC,
      FOYER_PROJECTS: JSON.stringify([
        { id: 'shop', allowedOrigins: SHOP },
        { id: 'no-origins', allowedOrigins: [] },
      ]),
      ...env,
    },
    { repoRoot: '/nonexistent' },
  )
  // Two chains and a Solana block as a devnet file would give them; the frame host reads only their RPC and bundler URLs.
  return {
    ...config,
    chains: [
      { rpcUrl: RPC_1, accountAbstraction: { entryPoint: ENTRY_POINT, bundlerUrl: BUNDLER_1 } },
      { rpcUrl: RPC_2 },
    ] as ServerConfig['chains'],
    solana: { name: 'Local Solana', rpcUrl: SOLANA_RPC, accounts: [], mints: [] },
  }
}

/** A stand-in for `vite build` output: the host serves whatever the build holds. */
function fakeBuild(
  indexHtml = '<!doctype html><title>frame</title><script type="module" src="/assets/index-abc123.js"></script>',
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'foyer-frame-build-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), indexHtml)
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /')
  return dir
}

/** `a b; c d` → { a: ['b'], c: ['d'] } */
function directives(csp: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out[name] = values
  }
  return out
}

function suite(name: string, open: () => Promise<TestDatabase>) {
  describe(name, () => {
    let t: TestDatabase
    let projects: ProjectStore
    let app: ReturnType<typeof createFrameApp>
    const distDir = fakeBuild()
    const config = loadTestConfig()

    beforeAll(async () => {
      t = await open()
      projects = new ProjectStore(t.database.kysely)
      await seedProjects(projects, config)
      app = createFrameApp({ config, projects, distDir })
    }, BACKEND_TIMEOUT_MS)
    afterAll(async () => {
      await t?.cleanup()
      rmSync(distDir, { recursive: true, force: true })
    }, BACKEND_TIMEOUT_MS)

    it("frame-ancestors lists exactly the named project's allowed origins", async () => {
      const shop = await app.request('/?projectId=shop&parentOrigin=https%3A%2F%2Fshop.example')
      expect(shop.status).toBe(200)
      expect(await shop.text()).toContain('/assets/index-abc123.js')
      expect(directives(shop.headers.get('content-security-policy'))['frame-ancestors']).toEqual(SHOP)
      const demo = await app.request('/index.html?projectId=foyer-demo')
      expect(directives(demo.headers.get('content-security-policy'))['frame-ancestors']).toEqual([
        'http://127.0.0.1:5173',
        'http://localhost:5173',
      ])
    })

    it("an unknown, missing, malformed or originless project: frame-ancestors 'none'", async () => {
      for (const url of [
        '/?projectId=nobody-has-this',
        '/',
        '/?projectId=',
        '/?projectId=%3Bscript-src%20*',
        '/?projectId=no-origins',
      ]) {
        const res = await app.request(url)
        expect(directives(res.headers.get('content-security-policy'))['frame-ancestors'], url).toEqual(["'none'"])
      }
    })

    it('connect-src is the server, the RPC and bundler URLs exactly: no *, no scheme wildcard, no query', async () => {
      const csp = (await app.request('/?projectId=shop')).headers.get('content-security-policy')!
      const d = directives(csp)
      // The Solana stand-in's RPC is there; a public cluster's URL (a secret the frame is never told) is not.
      expect(d['connect-src']).toEqual([
        'http://127.0.0.1:8787',
        RPC_1,
        BUNDLER_1,
        'https://rpc.example.net/v1/key%3Bwith%2Cseparators',
        SOLANA_RPC,
      ])
      expect(csp).not.toContain('secret-key')
      expect(csp).not.toMatch(/(^|\s)\*/)
      // No scheme-wide source anywhere (the frame's favicon is the one data: image, in img-src only).
      for (const [name, values] of Object.entries(d))
        for (const v of values)
          expect(v, name).not.toMatch(name === 'img-src' ? /^(https?|wss?|blob):$|\*/ : /^(https?|wss?|data|blob):$|\*/)
      expect(d['img-src']).toEqual(["'self'", 'data:'])
      expect(csp).not.toContain('apikey')
    })

    it('locks down everything else, with referrer, nosniff, no-store and COOP on the page', async () => {
      const res = await app.request('/?projectId=shop')
      const d = directives(res.headers.get('content-security-policy'))
      expect(d).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'object-src': ["'none'"],
      })
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(res.headers.get('strict-transport-security')).toBeNull() // served over http here
    })

    it('hashed assets may be cached; only files of the build are served', async () => {
      const asset = await app.request('/assets/index-abc123.js')
      expect(asset.status).toBe(200)
      expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await app.request('/robots.txt')).headers.get('cache-control')).toBe('no-cache')
      for (const url of [
        '/assets/missing.js',
        '/../package.json',
        '/assets/..%2f..%2fetc%2fpasswd',
        '/assets/%2e%2e/%2e%2e/package.json',
      ]) {
        expect((await app.request(url)).status, url).toBe(404)
      }
    })

    it('a project whose origins change is framed by the new list once the store refreshes', async () => {
      await projects.upsert({ id: 'shop', name: 'shop', allowedOrigins: ['https://new.shop.example'], features: {} })
      const fresh = createFrameApp({ config, projects: new ProjectStore(t.database.kysely), distDir })
      expect(
        directives((await fresh.request('/?projectId=shop')).headers.get('content-security-policy'))['frame-ancestors'],
      ).toEqual(['https://new.shop.example'])
    })
  })
}

suite('frame host on PGlite', openTestPGlite)
if (postgres.available) suite('frame host on Postgres', () => openTestPostgres(postgres.adminUrl))

describe('frame host without a database answer, over https, and with a stale build', () => {
  const distDir = fakeBuild()
  afterAll(() => rmSync(distDir, { recursive: true, force: true }))

  it("a project store that fails gives 503 and frame-ancestors 'none' (fails closed)", async () => {
    const app = createFrameApp({
      config: loadTestConfig(),
      projects: { get: () => Promise.reject(new Error('database down')) },
      distDir,
    })
    const res = await app.request('/?projectId=shop')
    expect(res.status).toBe(503)
    expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"])
  })

  it('gives every answer a request id and logs it with the route pattern', async () => {
    const lines: string[] = []
    const app = createFrameApp({
      config: loadTestConfig(),
      projects: { get: async () => undefined },
      distDir,
      logger: createLogger('info', (l) => lines.push(l)),
    })
    const page = await app.request('/?projectId=shop', { headers: { 'X-Request-Id': 'frame-req-1' } })
    expect(page.headers.get('x-request-id')).toBe('frame-req-1')
    expect((await app.request('/assets/index-abc123.js')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ msg: 'request', requestId: 'frame-req-1', route: '/', status: 200 }),
      expect.objectContaining({ msg: 'request', route: '/*', status: 200 }),
    ])
  })

  it('sends HSTS when the frame origin is https', async () => {
    const app = createFrameApp({
      config: loadTestConfig({ FOYER_FRAME_ORIGIN: 'https://wallet.example.com' }),
      projects: { get: async () => undefined },
      distDir,
    })
    expect((await app.request('/')).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    )
    expect((await app.request('/assets/index-abc123.js')).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    )
  })

  it('writes FOYER_PUBLIC_URL where a shipped build has the placeholder server URL; those assets are revalidated', async () => {
    const shipped = fakeBuild(
      `<!doctype html><link rel="preconnect" href="${FRAME_API_URL_PLACEHOLDER}"><script type="module" src="/assets/index-abc123.js"></script>`,
    )
    writeFileSync(
      path.join(shipped, 'assets', 'index-abc123.js'),
      `const api = ${JSON.stringify(FRAME_API_URL_PLACEHOLDER)};fetch(api + "/v1/embedded/config")`,
    )
    try {
      const config = loadTestConfig({ FOYER_PUBLIC_URL: 'https://api.shop.example' })
      const app = createFrameApp({ config, projects: { get: async () => undefined }, distDir: shipped })
      const page = await (await app.request('/')).text()
      expect(page).toContain('href="https://api.shop.example"')
      const asset = await app.request('/assets/index-abc123.js')
      expect(await asset.text()).toBe('const api = "https://api.shop.example";fetch(api + "/v1/embedded/config")')
      expect(asset.headers.get('cache-control')).toBe('no-cache')
      expect(directives((await app.request('/')).headers.get('content-security-policy'))['connect-src']).toContain(
        'https://api.shop.example',
      )
      // A URL that could break out of the script's string is refused rather than written in.
      expect(() =>
        createFrameApp({
          config: { ...config, embedded: { ...config.embedded, publicUrl: 'https://a"+alert(1)+"' } },
          projects: { get: async () => undefined },
          distDir: shipped,
        }),
      ).toThrow(/plain http\(s\) origin/)
    } finally {
      rmSync(shipped, { recursive: true, force: true })
    }
  })

  it('refuses a build that still has a <meta> CSP (it would sit beside the header and cannot carry frame-ancestors)', () => {
    const stale = fakeBuild(`<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`)
    try {
      expect(() =>
        createFrameApp({ config: loadTestConfig(), projects: { get: async () => undefined }, distDir: stale }),
      ).toThrow(/meta/)
    } finally {
      rmSync(stale, { recursive: true, force: true })
    }
  })
})
