/**
 * Prometheus metrics (prom-client), one registry per server so several servers in one process (tests, the devnet)
 * never share counters. Route labels are the route *patterns* (`/getWalletImage/:id`), never the raw path, so
 * addresses and ids in URLs cannot grow the number of series.
 */
import { timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { sql } from 'kysely'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { FoyerDatabase } from '../db/index.ts'
import type { ChainIndexer } from '../indexer/chainIndexer.ts'
import type { SolanaIndexer } from '../indexer/solana/solanaIndexer.ts'
import { withSolanaHistoryTables } from '../indexer/solana/solanaTables.ts'
import { withHistoryTables } from '../indexer/tables.ts'

export const METRIC_PREFIX = 'foyer_'
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export interface ServerMetrics {
  registry: Registry
  /** Counts and times every request (install first, so its timing covers every other middleware). */
  middleware: MiddlewareHandler
  /** The indexers to report lag for (set once they start). */
  setIndexers(indexers: readonly ChainIndexer[]): void
  /** The Solana indexers to report lag for, one per network (set once they start). */
  setSolanaIndexers(indexers: readonly SolanaIndexer[]): void
}

export function createMetrics(options: { database: FoyerDatabase; defaultMetrics?: boolean }): ServerMetrics {
  const registry = new Registry()
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX })

  const requests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request (until the handler returned), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const inFlight = new Gauge({
    name: `${METRIC_PREFIX}http_requests_in_flight`,
    help: 'HTTP requests being handled right now.',
    registers: [registry],
  })

  let indexers: readonly ChainIndexer[] = []
  const history = withHistoryTables(options.database.kysely)
  new Gauge({
    name: `${METRIC_PREFIX}indexer_lag_blocks`,
    help: "Blocks between the chain's head (as this instance last saw it) and the last block indexed in the database, per chain.",
    labelNames: ['chain_id'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      if (indexers.length === 0) return
      const rows = await history.selectFrom('chain_index_state').select(['chain_id', 'last_block']).execute()
      for (const indexer of indexers) {
        if (indexer.head === undefined) continue
        const row = rows.find((r) => Number(r.chain_id) === indexer.chainId)
        const last = row ? Number(row.last_block) : -1
        this.set({ chain_id: String(indexer.chainId) }, Math.max(0, indexer.head - last))
      }
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}indexer_head_block`,
    help: 'The chain head this instance last saw, per chain.',
    labelNames: ['chain_id'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const indexer of indexers)
        if (indexer.head !== undefined) this.set({ chain_id: String(indexer.chainId) }, indexer.head)
    },
  })

  let solanaIndexers: readonly SolanaIndexer[] = []
  const solanaHistory = withSolanaHistoryTables(options.database.kysely)
  new Gauge({
    name: `${METRIC_PREFIX}solana_indexer_lag_slots`,
    help: "Slots between the Solana node's newest slot (as this instance last saw it) and the last block indexed in the database, per network (CAIP-2); slots the indexer found without a block (skipped, or in progress) do not count.",
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      if (solanaIndexers.length === 0) return
      const rows = await solanaHistory.selectFrom('solana_index_state').select(['chain', 'last_slot']).execute()
      for (const indexer of solanaIndexers) {
        const { chainId, head, caughtUpTo } = indexer
        if (chainId === undefined || head === undefined) continue
        const row = rows.find((r) => r.chain === chainId)
        // The slots after the last indexed block that the indexer found without a block (skipped, or in progress) are
        // no lag: a node's newest slot has no block until it is produced. A mark above the head is another chain's.
        const found = caughtUpTo !== undefined && caughtUpTo <= head ? caughtUpTo : -1
        const last = Math.max(row ? Number(row.last_slot) : -1, found)
        this.set({ network: chainId }, Math.max(0, head - last))
      }
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}solana_indexer_head_slot`,
    help: "The Solana node's newest slot this instance last saw, per network (CAIP-2).",
    labelNames: ['network'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const { chainId, head } of solanaIndexers)
        if (chainId !== undefined && head !== undefined) this.set({ network: chainId }, head)
    },
  })

  // Database pool: pg's pool counts; PGlite has exactly one connection, shared in turn by every query.
  const pool = options.database.pool
  const database = options.database
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_${name}`,
      help,
      labelNames: ['database'] as const,
      registers: [registry],
      collect() {
        this.set({ database: database.kind }, read())
      },
    })
  if (pool) {
    poolGauge('connections_total', 'Connections the Postgres pool holds.', () => pool.totalCount)
    poolGauge('connections_idle', 'Idle connections in the Postgres pool.', () => pool.idleCount)
    poolGauge('waiting_clients', 'Queries waiting for a Postgres pool connection.', () => pool.waitingCount)
  } else {
    poolGauge('connections_total', 'Connections to the embedded database (PGlite has one).', () => 1)
  }
  new Gauge({
    name: `${METRIC_PREFIX}db_up`,
    help: 'Whether the database answered `select 1` within 2 s when metrics were collected.',
    labelNames: ['database'] as const,
    registers: [registry],
    async collect() {
      let up = 0
      try {
        await withTimeout(sql`select 1`.execute(database.kysely), 2_000)
        up = 1
      } catch {
        up = 0
      }
      this.set({ database: database.kind }, up)
    },
  })

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now()
    inFlight.inc()
    try {
      await next()
    } finally {
      inFlight.dec()
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER'
      const route = routePattern(c)
      requests.inc({ method, route, status: String(c.res.status) })
      duration.observe({ method, route }, (performance.now() - started) / 1000)
    }
  }

  return {
    registry,
    middleware,
    setIndexers(list) {
      indexers = list
    },
    setSolanaIndexers(list) {
      solanaIndexers = list
    },
  }
}

/**
 * The pattern of the route that answered (`/v1/account/:address/history`), read after the handlers ran: the route of
 * the last handler called (Hono stops at the first that answers). When an app-wide middleware answered (a preflight,
 * a body too large) it is the first route that matched, and `unmatched` when none did (404s).
 */
export function routePattern(c: Context): string {
  let routes: { method: string; path: string }[]
  try {
    routes = matchedRoutes(c)
  } catch {
    return 'unmatched'
  }
  const answered = routes[c.req.routeIndex]
  if (answered && answered.method !== 'ALL') return answered.path
  return routes.find((r) => r.method !== 'ALL')?.path ?? 'unmatched'
}

/** `Authorization: Bearer <token>` compared in constant time; always true when no token is configured. */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '')
  if (!match) return false
  const given = Buffer.from(match[1]!)
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer))
}
