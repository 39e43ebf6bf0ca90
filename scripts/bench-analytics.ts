/**
 * Analytics intake: `POST /e` in process (the app's full path: project check, rate limiters counting, validation,
 * the coalescing writer) with 32 concurrent senders posting batches of 20 events, on Postgres (and PGlite for
 * comparison). The figure is events stored per second, checked against the table's count at the end. The limits
 * count but never refuse (each sender has its own address). Prints a table; does not write files. The Postgres row
 * needs Postgres at its test URL (FOYER_TEST_POSTGRES_URL).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { createApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { seedProjects } from '../apps/server/src/projects/seed.ts'
import { ProjectStore } from '../apps/server/src/projects/store.ts'
import { openTestPGlite, openTestPostgres, probePostgres, type TestDatabase } from '../apps/server/src/test/backends.ts'

const SECONDS = Number(process.env.FOYER_BENCH_SECONDS ?? 5)
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

async function measure(t: TestDatabase) {
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
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const end = Date.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const env = { incoming: { socket: { remoteAddress: `10.50.${worker}.1` } } }
      while (Date.now() < end) {
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
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const { rows } = await sql<{
    n: string
  }>`select count(*) as n from analytics_events where project_id = 'bench-site'`.execute(t.database.kysely)
  const stored = Number(rows[0]!.n)
  latencies.sort((a, b) => a - b)
  const q = (f: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * f))]!.toFixed(1)
  return `${Math.round(stored / seconds)} events/s (${stored} stored in ${seconds.toFixed(1)} s; request p50 ${q(0.5)} ms, p99 ${q(0.99)} ms; ${Math.round((cpu.user + cpu.system) / stored)} µs of this process's CPU per event${failed ? `, ${failed} failed` : ''})`
}

export async function runAnalyticsBench() {
  console.log(`bench: analytics intake (POST /e, ${CONCURRENCY} senders, batches of ${BATCH}, ${SECONDS} s)…`)
  const rows: [string, string][] = []
  const postgres = await probePostgres()
  if (postgres.available) {
    const pg = await openTestPostgres()
    try {
      rows.push(['Postgres', await measure(pg)])
    } finally {
      await pg.cleanup()
    }
  } else rows.push(['Postgres', `skipped: ${postgres.reason}`])
  if (process.env.FOYER_BENCH_ANALYTICS_PGLITE !== '0') {
    const pglite = await openTestPGlite()
    try {
      rows.push(['PGlite', await measure(pglite)])
    } finally {
      await pglite.cleanup()
    }
  }
  console.log(`\n| database | POST /e in process |\n|---|---|`)
  for (const [setup, figure] of rows) console.log(`| ${setup} | ${figure} |`)
}
