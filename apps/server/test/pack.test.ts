/**
 * The server as an operator gets it: the tarball `npm run pack` made (its prepack builds it; `npm test` packs before
 * the unit tests run), `npm install <tarball>` into an empty folder, then `foyer-server` with only PORT and
 * FOYER_DATA_DIR. Checks the tarball's manifest, /health, /metrics, the JSON log lines and request ids, and SIGTERM:
 * a request still uploading its body when the signal arrives gets its answer, new connections are refused
 * meanwhile, and the process exits 0.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKS_DIR, tarballFiles } from '../../../scripts/pack.mjs'
import { createScratchDatabase } from '../src/test/backends.ts'
import { probePostgresFor } from '../src/test/eachBackend.ts'

const postgres = await probePostgresFor('pack.test.ts')
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'foyer-pack-'))
const npmEnv = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
}

let tarball = ''
let manifest: Record<string, any> = {}
let files: string[] = []
let child: ChildProcess | undefined
let url = ''
const logLines: string[] = []
let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>

beforeAll(() => {
  tarball = join(PACKS_DIR, 'foyer-server.tgz')
  if (!existsSync(tarball)) throw new Error(`${tarball} is missing: run \`npm run pack\` first`)
  files = tarballFiles(tarball).map((f) => f.path)
  const app = join(work, 'app')
  execFileSync('mkdir', ['-p', app])
  const started = performance.now()
  // Prefer offline: the dependencies come from npm's cache where the repository's own `npm install` put them; an
  // install from a lockfile does not keep every package's registry metadata, so what is missing comes from the npm
  // registry, as for any operator installing the tarball.
  try {
    execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', tarball], {
      cwd: app,
      env: npmEnv,
      stdio: 'pipe',
    })
  } catch (e) {
    throw new Error(`npm install of the server tarball failed:\n${(e as { stderr?: Buffer }).stderr?.toString() ?? e}`)
  }
  console.info(`[foyer] npm install of the server tarball: ${Math.round(performance.now() - started)} ms`)
  manifest = JSON.parse(readFileSync(join(app, 'node_modules/@foyer/server/package.json'), 'utf8'))
}, 240_000)

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

describe('the packed @foyer/server', () => {
  it('is installable on its own: a bin, MIT, node >=20, registry dependencies with semver ranges, no sources or tests', () => {
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    expect(manifest.bin).toEqual({ 'foyer-server': 'dist/main.js' })
    expect(manifest.engines).toEqual({ node: '>=20' })
    const deps = Object.entries(manifest.dependencies as Record<string, string>)
    expect(deps.length).toBeGreaterThan(5)
    for (const [name, range] of deps) {
      expect(name, 'workspace code is bundled, never a dependency').not.toMatch(/^@foyer\//)
      expect(range, `${name}'s range`).toMatch(/^[\^~]?\d+\.\d+\.\d+/)
    }
    expect(files).toContain('dist/main.js')
    expect(files).toContain('dist/wallets.json')
    expect(files).toContain('dist/frame-app/index.html')
    expect(files).toContain('dist/console-app/index.html')
    expect(files).toContain('dist/index.d.ts') // the embedding API (createServer, loadConfig) is typed
    expect(manifest.exports['.']).toEqual({
      '@foyer/source': './src/index.ts',
      types: './dist/index.d.ts',
      import: './dist/index.js',
    })
    expect(files.filter((f) => f.startsWith('src/') || /\.test\./.test(f))).toEqual([])
    // No path of the build machine's repository is baked into the bundle.
    const bundle = readdirSync(join(work, 'app/node_modules/@foyer/server/dist')).filter((f) => f.endsWith('.js'))
    for (const f of bundle)
      expect(readFileSync(join(work, 'app/node_modules/@foyer/server/dist', f), 'utf8')).not.toContain(repoRoot)
  })

  // Its wait for "ready" is bounded at 180 s: the first start migrates a new PGlite, slow on a busy machine.
  it('starts with only PORT and a data folder: embedded PGlite, migrations, no chains', {
    timeout: 180_000,
  }, async () => {
    const dataDir = join(work, 'data')
    child = spawn(join(work, 'app/node_modules/.bin/foyer-server'), [], {
      cwd: join(work, 'app'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', FOYER_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    exit = new Promise((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })))
    let buffered = ''
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const lines = buffered.split('\n')
      buffered = lines.pop()!
      logLines.push(...lines.filter(Boolean))
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    url = await waitFor(
      () => logLines.map(parse).find((l) => l?.msg === 'ready')?.url as string | undefined,
      180_000,
      () => logLines.join('\n'),
    )
    const started = logLines.map(parse).find((l) => l?.msg === 'starting')!
    expect(started).toMatchObject({ chains: 'not configured', database: expect.stringContaining('pglite') })
    expect(logLines.map(parse).find((l) => l?.msg === 'database migrated')?.applied).toEqual(
      expect.arrayContaining(['0001_projects']),
    )
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true)

    const health = await fetch(`${url}/health`, { headers: { 'X-Request-Id': 'pack-test-1' } })
    expect(health.status).toBe(200)
    expect(health.headers.get('x-request-id')).toBe('pack-test-1')
    expect(await health.json()).toMatchObject({ ok: true, database: 'pglite' })
    const bad = await fetch(`${url}/health`, { headers: { 'X-Request-Id': 'no spaces <script>' } })
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

    // The operator's console shipped in the package, with the page headers; its API stays JSON.
    const consolePage = await fetch(`${url}/console/projects/foyer-demo`)
    expect(consolePage.status).toBe(200)
    expect(await consolePage.text()).toContain('<div id="root">')
    expect(consolePage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")

    const wallets = await fetch(`${url}/getWallets?page=1&entries=4`, { headers: { 'x-project-id': 'foyer-demo' } })
    expect(wallets.status).toBe(200)
    expect(((await wallets.json()) as { count: number }).count).toBeGreaterThanOrEqual(100)
    const balance = await fetch(`${url}/v1/account/0x${'1'.repeat(40)}/balance?projectId=foyer-demo&chainId=eip155:1`)
    expect(balance.status).toBe(400)
    expect(await balance.json()).toMatchObject({
      error: { code: 'unknown_chain', message: expect.stringContaining('no chains are configured') },
    })
  })

  it('serves /metrics with request counts by route pattern, latency, the database and process metrics', async () => {
    const text = await (await fetch(`${url}/metrics`)).text()
    expect(text).toMatch(/^foyer_http_requests_total\{method="GET",route="\/health",status="200"\} 2$/m)
    expect(text).toMatch(/^foyer_http_requests_total\{method="GET",route="\/getWallets",status="200"\} 1$/m)
    expect(text).toMatch(/^foyer_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/health"\} 2$/m)
    expect(text).toMatch(/^foyer_db_pool_connections_total\{database="pglite"\} 1$/m)
    expect(text).toMatch(/^foyer_db_up\{database="pglite"\} 1$/m)
    expect(text).toMatch(/^foyer_process_resident_memory_bytes \d+/m)
    expect(text).not.toContain('0x1111111111') // raw paths never become labels
  })

  it('logs one JSON object per line, with the request id on every request line', () => {
    const parsed = logLines.map(parse)
    expect(
      parsed.every((l) => l && typeof l.time === 'string' && typeof l.level === 'string' && typeof l.msg === 'string'),
      logLines.find((l) => !parse(l)),
    ).toBe(true)
    const requests = parsed.filter((l) => l!.msg === 'request')
    expect(requests.length).toBeGreaterThanOrEqual(5)
    expect(requests.find((l) => l!.requestId === 'pack-test-1')).toMatchObject({ route: '/health', status: 200 })
    expect(requests.every((l) => typeof l!.requestId === 'string' && typeof l!.route === 'string')).toBe(true)
  })

  it('on SIGTERM answers the request in flight, refuses new connections, and exits 0', async () => {
    const body = JSON.stringify({
      chainId: 'eip155:1',
      from: `0x${'2'.repeat(40)}`,
      to: `0x${'3'.repeat(40)}`,
      amount: '1',
    })
    const baseline = await post(body, async () => {})
    // The slow request: headers and half the body sent, the rest only after SIGTERM.
    const inFlight = post(body, async (half) => {
      await half
      child!.kill('SIGTERM')
      await waitFor(() => logLines.map(parse).some((l) => l?.msg?.startsWith('shutting down')) || undefined, 10_000)
      const refused = await fetch(`${url}/health`).then(
        (r) => `answered ${r.status}`,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
      )
      expect(refused).toBe('ECONNREFUSED')
    })
    const answer = await inFlight
    expect(answer.status).toBe(baseline.status)
    expect(answer.body).toBe(baseline.body)
    expect(await exit).toEqual({ code: 0, signal: null })
    expect(logLines.map(parse).at(-1)).toMatchObject({ msg: 'shut down cleanly', signal: 'SIGTERM' })
  }, 30_000)
})

describe('foyer-server stopped while starting', () => {
  it('a SIGTERM while the embedded database opens stops the server cleanly once it is open (exit 0, folder released)', async () => {
    const lines: string[] = []
    const dataDir = join(work, 'data-early')
    const early = spawn(join(work, 'app/node_modules/.bin/foyer-server'), [], {
      cwd: join(work, 'app'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', FOYER_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) => early.once('exit', (code) => resolve(code)))
    early.stderr!.on('data', (d: Buffer) => lines.push(...d.toString('utf8').split('\n').filter(Boolean)))
    await waitFor(
      () => lines.map(parse).find((l) => l?.msg === 'starting'),
      20_000,
      () => lines.join('\n'),
      early,
    )
    early.kill('SIGTERM')
    expect(await exited, lines.join('\n')).toBe(0)
    const messages = lines.map((l) => parse(l)?.msg)
    expect(messages).toContain('signal received while starting: stopping at the next step')
    expect(messages.at(-1)).toBe('shut down cleanly')
    expect(messages).not.toContain('ready')
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
  }, 180_000)
})

describe('foyer-server with DATABASE_URL', () => {
  it.runIf(postgres.available || !!process.env.CI)(
    'uses that Postgres: migrates it, reports the pg pool, stops on SIGTERM',
    async () => {
      const scratch = await createScratchDatabase()
      const lines: string[] = []
      const pgChild = spawn(join(work, 'app/node_modules/.bin/foyer-server'), [], {
        cwd: join(work, 'app'),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', DATABASE_URL: scratch.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const exited = new Promise<number | null>((resolve) => pgChild.once('exit', (code) => resolve(code)))
      pgChild.stderr!.on('data', (d: Buffer) => lines.push(...d.toString('utf8').split('\n').filter(Boolean)))
      try {
        const base = await waitFor(
          () => lines.map(parse).find((l) => l?.msg === 'ready')?.url as string | undefined,
          30_000,
          () => lines.join('\n'),
          pgChild,
        )
        expect(await (await fetch(`${base}/health`)).json()).toMatchObject({ ok: true, database: 'postgres' })
        expect(lines.map(parse).find((l) => l?.msg === 'database migrated')?.applied).toEqual(
          expect.arrayContaining(['0001_projects', '0004_embedded_hardening']),
        )
        const metrics = await (await fetch(`${base}/metrics`)).text()
        expect(metrics).toMatch(/^foyer_db_pool_connections_total\{database="postgres"\} [1-9]\d*$/m)
        expect(metrics).toMatch(/^foyer_db_pool_waiting_clients\{database="postgres"\} 0$/m)
        expect(existsSync(join(work, 'app', 'foyer-data'))).toBe(false) // nothing embedded was opened
        expect(lines.join('\n')).not.toContain(scratch.url)
      } finally {
        pgChild.kill('SIGTERM')
        expect(await exited).toBe(0)
        await scratch.drop()
      }
    },
    180_000,
  )
})

describe('foyer-server settings', () => {
  it('lists every problem of the environment and the --config file at once and exits 78, before opening anything', () => {
    const bin = join(work, 'app/node_modules/.bin/foyer-server')
    const file = join(work, 'bad.json')
    writeFileSync(file, JSON.stringify({ PORT: 'eighty', DATABASE_URL: 'mysql://foyer:hunter2@db/x', UNKNOWN_KEY: 1 }))
    const run = spawnSync(bin, ['--config', file], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'loud', FOYER_DATA_DIR: join(work, 'never') },
      encoding: 'utf8',
    })
    expect(run.status).toBe(78)
    const lines = run.stderr.trim().split('\n')
    expect(lines[0]).toBe('Invalid Foyer server configuration:')
    expect(lines).toHaveLength(5)
    for (const problem of [
      '- LOG_LEVEL: got "loud", expected one of',
      `- ${file}: PORT: got "eighty", expected an integer`,
      `- ${file}: DATABASE_URL: got a value that is not shown (a secret), expected a postgres:// or postgresql:// URL`,
      `- ${file}: UNKNOWN_KEY: unknown setting`,
    ]) {
      expect(
        lines.some((l) => l.trim().startsWith(problem)),
        problem,
      ).toBe(true)
    }
    expect(run.stderr).not.toContain('hunter2')
    expect(existsSync(join(work, 'never'))).toBe(false)
    expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(manifest.version)
  })
})

describe('foyer-server --frame', () => {
  it('serves the frame build shipped in the package on its own port, with its headers and the public URL written in', async () => {
    const lines: string[] = []
    const frameChild = spawn(join(work, 'app/node_modules/.bin/foyer-server'), ['--frame'], {
      cwd: join(work, 'app'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        FOYER_FRAME_PORT: '0',
        FOYER_DATA_DIR: join(work, 'data-frame'),
        FOYER_PUBLIC_URL: 'https://foyer.example.test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) => frameChild.once('exit', (code) => resolve(code)))
    frameChild.stderr!.on('data', (d: Buffer) => lines.push(...d.toString('utf8').split('\n').filter(Boolean)))
    try {
      // FOYER_FRAME_PORT=0: the frame host's address is in the "ready" log line.
      const frameUrl = await waitFor(
        () => lines.map(parse).find((l) => l?.msg === 'ready')?.frameUrl as string | undefined,
        180_000,
        () => lines.join('\n'),
        frameChild,
      )
      const page = await fetch(`${frameUrl}/?projectId=foyer-demo`)
      expect(page.status).toBe(200)
      const csp = page.headers.get('content-security-policy')!
      expect(csp).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:5173 http:\/\/localhost:5173/)
      expect(csp).toMatch(/connect-src https:\/\/foyer\.example\.test/)
      const html = await page.text()
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
      const js = await (await fetch(`${frameUrl}${script}`)).text()
      expect(js).toContain('https://foyer.example.test')
      expect(js).not.toContain('foyer-api-url.invalid')
    } finally {
      frameChild.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
  }, 90_000)
})

/** POSTs `body` to build-transaction in two halves; `between` runs after the first half is on the wire. */
function post(
  body: string,
  between: (half: Promise<void>) => Promise<void>,
): Promise<{ status: number; body: string }> {
  const target = new URL(`${url}/v1/convert/build-transaction`)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-project-id': 'foyer-demo',
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    const cut = Math.floor(body.length / 2)
    const half = new Promise<void>((done) => req.write(body.slice(0, cut), () => setTimeout(done, 100)))
    between(half).then(
      () => req.end(body.slice(cut)),
      (e) => {
        req.destroy()
        reject(e)
      },
    )
  })
}

function parse(line: string): Record<string, any> | undefined {
  try {
    const v = JSON.parse(line)
    return typeof v === 'object' && v !== null ? v : undefined
  } catch {
    return undefined
  }
}

async function waitFor<T>(
  probe: () => T | undefined,
  ms: number,
  describe?: () => string,
  proc: ChildProcess | undefined = child,
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = probe()
    if (v !== undefined) return v
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms${describe ? `\n${describe()}` : ''}`)
    if (proc?.exitCode != null) throw new Error(`foyer-server exited with ${proc.exitCode}\n${describe?.() ?? ''}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
