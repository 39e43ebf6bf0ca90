import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, type LogEvent, PostgresDialect } from 'kysely'
import pg from 'pg'
import { type Logger, redactUrl, silentLogger } from '../log.ts'
import { acquireDirLock } from './lock.ts'
import { migrateToLatest } from './migrate.ts'
import { PGliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'

export type { Database } from './schema.ts'
export type DatabaseKind = 'pglite' | 'postgres'

/** An open database: the Kysely instance plus what it runs on. */
export interface FoyerDatabase {
  kysely: Kysely<Database>
  kind: DatabaseKind
  /** Postgres only: the `pg` pool's counts, for /metrics. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number }
  /** Closes the pool / PGlite instance (and releases the data directory). Idempotent. */
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** postgres://… → `pg` pool; otherwise embedded PGlite in `pgliteDir`. */
  databaseUrl?: string
  pgliteDir?: string
  logger?: Logger
  /** Run migrations after opening (default true). */
  migrate?: boolean
  /** pg pool size (default 10). */
  poolMax?: number
}

// The same value conventions on both backends (see schema.ts).
const INT8 = 20
const NUMERIC = 1700
const DATE = 1082
const asText = (v: string) => v

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<FoyerDatabase> {
  const logger = options.logger ?? silentLogger
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl, logger, options.poolMax)
    : await openPGlite(options, logger)
  if (options.migrate !== false) {
    try {
      const { applied } = await migrateToLatest(db.kysely)
      if (applied.length) logger.info('database migrated', { applied })
    } catch (e) {
      await db.close().catch(() => {})
      throw e
    }
  }
  return db
}

function queryLog(logger: Logger) {
  if (logger.level !== 'debug') return undefined
  return (event: LogEvent) => {
    const ms = Math.round(event.queryDurationMillis)
    if (event.level === 'error') logger.debug('query failed', { sql: event.query.sql, ms, error: event.error })
    else logger.debug('query', { sql: event.query.sql, ms })
  }
}

function openPostgres(databaseUrl: string, logger: Logger, poolMax = 10): FoyerDatabase {
  const parsers: Record<number, (v: string) => unknown> = { [INT8]: asText, [NUMERIC]: asText, [DATE]: asText }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolMax,
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => logger.error('postgres pool error', { error: err, database: redactUrl(databaseUrl) }))
  // Nor may a checked-out one (a Postgres restart ends every connection, also those between two queries of a
  // request): node-postgres emits its 'error' on the client itself, where no listener would crash the process. The
  // query in progress fails with the error (a 503 for the request), and the pool drops the client on release.
  pool.on('connect', (client) => {
    client.on('error', (err) =>
      logger.warn('postgres connection lost', { error: err, database: redactUrl(databaseUrl) }),
    )
  })
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(logger) })
  let closing: Promise<void> | undefined
  return {
    kysely,
    kind: 'postgres',
    pool,
    close: () => (closing ??= kysely.destroy()),
  }
}

async function openPGlite(options: OpenDatabaseOptions, logger: Logger): Promise<FoyerDatabase> {
  const dir = options.pgliteDir
  if (!dir) throw new Error('openDatabase: pgliteDir is required when no databaseUrl is given')
  mkdirSync(dir, { recursive: true })
  const release = acquireDirLock(join(dir, '..', 'pglite.lock'))
  let kysely: Kysely<Database>
  try {
    const started = performance.now()
    const { PGlite } = await import('@electric-sql/pglite')
    const pglite = await PGlite.create(dir, {
      parsers: { [INT8]: asText, [NUMERIC]: asText, [DATE]: asText },
    })
    logger.info('pglite ready', { dir, ms: Math.round(performance.now() - started) })
    kysely = new Kysely<Database>({
      dialect: new PGliteDialect({
        pglite,
        onSlowAcquire: (ms) => logger.warn('query waited long for the PGlite connection', { ms }),
      }),
      log: queryLog(logger),
    })
  } catch (e) {
    release()
    throw new Error(`Could not open the embedded database in ${dir}: ${(e as Error).message}`, { cause: e })
  }
  let closing: Promise<void> | undefined
  return {
    kysely,
    kind: 'pglite',
    close: () => (closing ??= kysely.destroy().finally(release)),
  }
}
