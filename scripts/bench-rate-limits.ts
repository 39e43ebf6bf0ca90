/**
 * Rate-limiter cost: in-process throughput of `GET /getWallets` (an answer the server keeps in memory, so the limiter
 * is most of the work) with limits off and with the per-client limit at its default (600 a minute, leases of 6) on
 * each counter store: memory (PGlite's default), the database on PGlite and on Postgres, Redis. 16 concurrent callers,
 * each moving to a new client address every 500 requests so nothing is refused. Prints a table; does not write files.
 * Postgres and Redis rows need them running at their test URLs (FOYER_TEST_POSTGRES_URL, FOYER_TEST_REDIS_URL).
 */
import { createApp } from '../apps/server/src/app.ts'
import { type Env, loadConfig } from '../apps/server/src/config.ts'
import { type CounterStore, createDatabaseCounterStore } from '../apps/server/src/limits/counters.ts'
import { createMemoryCounterStore } from '../apps/server/src/limits/memoryCounters.ts'
import { connectRedis, createRedisCounterStore } from '../apps/server/src/limits/redisCounters.ts'
import { seedProjects } from '../apps/server/src/projects/seed.ts'
import { ProjectStore } from '../apps/server/src/projects/store.ts'
import { openTestPGlite, openTestPostgres, probePostgres, type TestDatabase } from '../apps/server/src/test/backends.ts'
import { probeRedis } from '../apps/server/src/test/redisProbe.ts'

const SECONDS = Number(process.env.FOYER_BENCH_SECONDS ?? 3)
const CONCURRENCY = 16
const OFF: Env = { FOYER_RATE_LIMIT_PER_CLIENT: '0', FOYER_RATE_LIMIT_PER_PROJECT: '0' }
const DEFAULT_CLIENT_LIMIT: Env = { FOYER_RATE_LIMIT_PER_CLIENT: '600', FOYER_RATE_LIMIT_PER_PROJECT: '0' }
const noMail = { async send() {}, close() {} } // no mail in this bench: a stub

let round = 0
async function measure(t: TestDatabase, limits: Env, counters?: CounterStore) {
  round++
  const config = loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent', FOYER_DATA_DIR: '/nonexistent', ...limits },
    { repoRoot: '/nonexistent' },
  )
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  const app = createApp({ db: t.database, config, projects, mailer: noMail, counters })
  const end = Date.now() + SECONDS * 1000
  const latencies: number[] = []
  let refused = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; Date.now() < end; i++) {
        const env = {
          incoming: { socket: { remoteAddress: `10.${worker}.${Math.floor(i / 500) % 250}.${round % 250}` } },
        }
        const started = performance.now()
        const response = await app.request('/getWallets?projectId=foyer-demo&page=2&entries=40', {}, env)
        await response.arrayBuffer()
        latencies.push(performance.now() - started)
        if (response.status !== 200) refused++
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1)
  return `${Math.round(latencies.length / SECONDS)} req/s (p50 ${at(0.5)} ms, p99 ${at(0.99)} ms${refused ? `, ${refused} refused` : ''})`
}

export async function runRateLimitBench() {
  console.log('bench: rate limiter cost…')
  const rows: [string, string][] = []
  const pglite = await openTestPGlite()
  try {
    rows.push(['PGlite, limits off', await measure(pglite, OFF)])
    rows.push([
      'PGlite, memory counters (default on PGlite)',
      await measure(pglite, DEFAULT_CLIENT_LIMIT, createMemoryCounterStore()),
    ])
    rows.push([
      'PGlite, database counters',
      await measure(pglite, DEFAULT_CLIENT_LIMIT, createDatabaseCounterStore(pglite.database)),
    ])
    const redis = await probeRedis()
    if (redis.available) {
      const store = createRedisCounterStore(connectRedis(redis.url), {
        keyPrefix: `foyer-bench:${Date.now()}:`,
        ownsConnection: true,
      })
      rows.push(['Redis counters', await measure(pglite, DEFAULT_CLIENT_LIMIT, store)])
      await store.close()
    } else rows.push(['Redis counters', `skipped: ${redis.reason}`])
  } finally {
    await pglite.cleanup()
  }
  const postgres = await probePostgres()
  if (postgres.available) {
    const pg = await openTestPostgres()
    try {
      rows.push(['Postgres, limits off', await measure(pg, OFF)])
      rows.push(['Postgres, database counters (default with DATABASE_URL)', await measure(pg, DEFAULT_CLIENT_LIMIT)])
    } finally {
      await pg.cleanup()
    }
  } else rows.push(['Postgres', `skipped: ${postgres.reason}`])
  console.log(
    `\n| setup (per-client limit 600/min, leases of 6) | GET /getWallets in process, ${CONCURRENCY} concurrent |\n|---|---|`,
  )
  for (const [setup, figure] of rows) console.log(`| ${setup} | ${figure} |`)
}
