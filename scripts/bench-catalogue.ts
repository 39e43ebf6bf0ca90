/**
 * Catalogue benchmark: throughput and p99 latency of `GET /getWallets` — a list page of 40 and a
 * search of 100 — with autocannon on loopback against a Foyer server running as its own process (so the load
 * generator does not share its event loop), on PGlite in a temp folder. Bounded: 2 s warm-up + 5 s per scenario.
 * Writes the `catalogue` key of bench/results.json and the `bench:catalogue` block of docs/performance.md.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'

/** The rate limiter runs but never refuses the load generator (one address); docs/performance.md has its cost at the default limits. */
const COUNT_BUT_NEVER_LIMIT = { FOYER_RATE_LIMIT_PER_CLIENT: '1000000000', FOYER_RATE_LIMIT_PER_PROJECT: '1000000000' }

const root = resolve(import.meta.dirname, '..')
const targets = { requestsPerSecond: 2000, p99Ms: 20 }
const CONNECTIONS = 10
const SECONDS = 5

type ScenarioResult = {
  path: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
  requests: number
}

const freePort = () =>
  new Promise<number>((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => ok(port))
    })
  })

async function waitForHealth(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`bench: the Foyer server did not answer ${url}/health within ${timeoutMs} ms`)
}

function run(url: string, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { 'x-project-id': 'foyer-demo', 'x-sdk-type': 'foyer', 'x-sdk-version': '0.1.0' },
  })
}

export async function runCatalogueBench({ resultsFile, docsFile }: { resultsFile: string; docsFile: string }) {
  console.log('bench: catalogue — starting a Foyer server…')
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-catalogue-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--conditions=@foyer/source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FOYER_DATA_DIR: dir,
      FOYER_DEVNET_FILE: join(dir, 'none.json'),
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      ...COUNT_BUT_NEVER_LIMIT,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitForHealth(base, 60_000)
    const scenarios = { page: '/getWallets?page=2&entries=40', search: '/getWallets?page=1&entries=100&search=wallet' }
    const results: Record<string, ScenarioResult> = {}
    for (const [name, path] of Object.entries(scenarios)) {
      const check = await fetch(`${base}${path}`, { headers: { 'x-project-id': 'foyer-demo' } })
      if (!check.ok) throw new Error(`bench: ${path} answered ${check.status}`)
      await run(`${base}${path}`, 2) // warm-up (JIT, caches)
      const result = await run(`${base}${path}`, SECONDS)
      results[name] = {
        path,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
      }
    }
    const machine = `${process.platform} ${process.arch}, node ${process.version}`
    const catalogue = {
      date: new Date().toISOString(),
      machine,
      connections: CONNECTIONS,
      seconds: SECONDS,
      targets,
      ...results,
    }
    const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
    const was = previous.catalogue as Record<string, ScenarioResult> | undefined
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, catalogue }, null, 2)}\n`)
    const wasText = (value: number | undefined) => (value === undefined ? '' : ` (was ${value})`)
    const met = (r: ScenarioResult) =>
      r.requestsPerSecond >= targets.requestsPerSecond && r.p99Ms < targets.p99Ms && r.errors === 0 && r.non2xx === 0
        ? 'yes'
        : '**no**'
    const table = [
      `| scenario | requests/s | p50 ms | p99 ms | errors / non-2xx | target (≥ ${targets.requestsPerSecond} req/s, p99 < ${targets.p99Ms} ms) |`,
      '|---|---|---|---|---|---|',
      ...Object.entries(results).map(
        ([name, r]) =>
          `| ${name} \`${r.path}\` | ${r.requestsPerSecond}${wasText(was?.[name]?.requestsPerSecond)} | ${r.p50Ms} | ${r.p99Ms}${wasText(was?.[name]?.p99Ms)} | ${r.errors} / ${r.non2xx} | ${met(r)} |`,
      ),
    ].join('\n')
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:catalogue:start -->[\s\S]*<!-- bench:catalogue:end -->/
    const block = `<!-- bench:catalogue:start -->\nMeasured ${catalogue.date.slice(0, 10)} (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per scenario after a 2 s warm-up, ${machine}):\n\n${table}\n<!-- bench:catalogue:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
    console.log(`\n${table}\n`)
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dir, { recursive: true, force: true })
  }
}
