/**
 * Analytics intake: `POST /e` in process (the app's full path: project check, rate limiters counting, validation,
 * the coalescing writer) with 32 concurrent senders posting batches of 20 events, on Postgres (and PGlite for
 * comparison). The senders run a 2 s warm-up (JIT, pool, caches), then `SECONDS` measured; the figure is events
 * stored per second in the measured part, from the table's count at its start and end, with this process's CPU per
 * event (the load generator's included): on a machine shared with other work the rate moves with the load, the CPU
 * per event much less. The limits count but never refuse (each sender has its own address). Writes the
 * `analyticsIntake` key of bench/results.json and the `bench:analytics` block of docs/performance.md. The Postgres
 * row needs Postgres at its test URL (FOYER_TEST_POSTGRES_URL).
 */
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { createApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { seedProjects } from '../apps/server/src/projects/seed.ts'
import { ProjectStore } from '../apps/server/src/projects/store.ts'
import { openTestPGlite, openTestPostgres, probePostgres, type TestDatabase } from '../apps/server/src/test/backends.ts'

const SECONDS = Number(process.env.FOYER_BENCH_SECONDS ?? 5)
const WARM_UP_SECONDS = 2
const CONCURRENCY = 32
const BATCH = 20
const noMail = { async send() {}, close() {} } // no mail in this bench: a stub

function batch(): string {
  const now = Date.now()
  return JSON.stringify(
    Array.from({ length: BATCH }, (_, i) => ({
      eventId: randomUUID(),
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      timestamp: now + i,
      props:
        i % 2
          ? { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } }
          : {
              type: 'track',
              event: 'SWAP_SUCCESS',
              properties: { networkId: 'eip155:1', from: 'ETH', to: 'USDC', band: '100-1000' },
            },
    })),
  )
}

type IntakeResult = {
  eventsPerSecond: number
  stored: number
  seconds: number
  p50Ms: number
  p99Ms: number
  cpuMicrosecondsPerEvent: number
  failed: number
}

async function storedCount(t: TestDatabase): Promise<number> {
  const { rows } = await sql<{
    n: string
  }>`select count(*) as n from analytics_events where project_id = 'bench-site'`.execute(t.database.kysely)
  return Number(rows[0]!.n)
}

async function measure(t: TestDatabase): Promise<IntakeResult> {
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent',
      FOYER_DATA_DIR: '/nonexistent',
      FOYER_ANALYTICS_RATE_LIMIT_PER_CLIENT: '1000000000',
      FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT: '1000000000',
      FOYER_PROJECTS: JSON.stringify([{ id: 'bench-site', allowedOrigins: ['https://shop.example'] }]),
    },
    { repoRoot: '/nonexistent' },
  )
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  const app = createApp({ db: t.database, config, projects, mailer: noMail })
  const latencies: number[] = []
  let failed = 0
  /** Every sender posts batches until `until`, waiting for each answer before the next. */
  const send = (until: number) =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        const env = { incoming: { socket: { remoteAddress: `10.50.${worker}.1` } } }
        while (Date.now() < until) {
          const body = batch()
          const at = performance.now()
          const response = await app.request(
            '/e?projectId=bench-site',
            {
              method: 'POST',
              headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example' },
              body,
            },
            env,
          )
          await response.arrayBuffer()
          latencies.push(performance.now() - at)
          if (response.status !== 202) failed++
        }
      }),
    )
  await send(Date.now() + WARM_UP_SECONDS * 1000)
  latencies.length = 0
  failed = 0
  const before = await storedCount(t)
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  await send(Date.now() + SECONDS * 1000)
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const stored = (await storedCount(t)) - before
  latencies.sort((a, b) => a - b)
  const q = (f: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * f))]!.toFixed(1))
  return {
    eventsPerSecond: Math.round(stored / seconds),
    stored,
    seconds: Number(seconds.toFixed(1)),
    p50Ms: q(0.5),
    p99Ms: q(0.99),
    cpuMicrosecondsPerEvent: Math.round((cpu.user + cpu.system) / stored),
    failed,
  }
}

const describeResult = (r: IntakeResult) =>
  `${r.eventsPerSecond} (${r.p50Ms} ms, ${r.p99Ms} ms) | ${r.cpuMicrosecondsPerEvent} | ${r.stored} in ${r.seconds} s${r.failed ? `, ${r.failed} failed` : ''}`

export async function runAnalyticsBench({ resultsFile, docsFile }: { resultsFile: string; docsFile: string }) {
  console.log(
    `bench: analytics intake (POST /e, ${CONCURRENCY} senders, batches of ${BATCH}, ${WARM_UP_SECONDS} s warm-up, ${SECONDS} s)…`,
  )
  const load = loadavg()[0]!.toFixed(1)
  const results: Record<string, IntakeResult> = {}
  const skipped: string[] = []
  const postgres = await probePostgres()
  if (postgres.available) {
    const pg = await openTestPostgres()
    try {
      results.postgres = await measure(pg)
    } finally {
      await pg.cleanup()
    }
  } else skipped.push(`Postgres skipped: ${postgres.reason}`)
  if (process.env.FOYER_BENCH_ANALYTICS_PGLITE !== '0') {
    const pglite = await openTestPGlite()
    try {
      results.pglite = await measure(pglite)
    } finally {
      await pglite.cleanup()
    }
  }
  const machine = `${process.platform} ${process.arch}, node ${process.version}`
  const analyticsIntake = {
    date: new Date().toISOString(),
    machine,
    loadAverage: Number(load),
    senders: CONCURRENCY,
    batch: BATCH,
    warmUpSeconds: WARM_UP_SECONDS,
    seconds: SECONDS,
    ...results,
  }
  const names: Record<string, string> = { postgres: 'Postgres', pglite: 'PGlite' }
  const table = [
    '| database | events/s (request p50, p99) | CPU µs per event (this process) | stored |',
    '|---|---|---|---|',
    ...Object.entries(results).map(([name, r]) => `| ${names[name]} | ${describeResult(r)} |`),
    ...skipped.map((line) => `| ${line} | | | |`),
  ].join('\n')
  if (Object.keys(results).length > 0) {
    const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, analyticsIntake }, null, 2)}\n`)
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:analytics:start -->[\s\S]*<!-- bench:analytics:end -->/
    const block = `<!-- bench:analytics:start -->\nMeasured ${analyticsIntake.date.slice(0, 10)} (${machine}; ${CONCURRENCY} senders × ${BATCH} events, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s; load average ${load} at the start):\n\n${table}\n<!-- bench:analytics:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
  }
  console.log(`\n${table}\n`)
}
