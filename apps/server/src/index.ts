import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { createApp, type FoyerApp, openCounterStore } from './app.ts'
import type { ServerConfig } from './config.ts'
import { consoleDb } from './console/consoleContext.ts'
import { ensureOperators } from './console/operators/operatorStore.ts'
import { type FoyerDatabase, openDatabase } from './db/index.ts'
import { seedSpamList } from './history/spamList.ts'
import { indexesSolana, type RunningIndexers, startIndexers } from './indexer/indexerService.ts'
import { withHistoryTables } from './indexer/tables.ts'
import { createLogger, type Logger } from './log.ts'
import { startPurgeTimer } from './maintenance/purge.ts'
import { createMetrics, type ServerMetrics } from './observability/metrics.ts'
import { seedProjects } from './projects/seed.ts'
import { ProjectStore } from './projects/store.ts'

export { type AppDeps, createApp, type FoyerApp } from './app.ts'
export {
  type Address,
  type ChainConfig,
  type ChainContracts,
  type ChainNft,
  type ChainToken,
  ConfigError,
  describeConfig,
  loadConfig,
  parseDevnetFile,
  type ServerConfig,
} from './config.ts'
export { hashPassword, verifyPassword } from './console/operators/password.ts'
export { type Database, type DatabaseKind, type FoyerDatabase, openDatabase } from './db/index.ts'
export { migrateToLatest } from './db/migrate.ts'
export { PGliteDialect } from './db/pglite-dialect.ts'
export { ApiError } from './http/errors.ts'
export { ChainIndexer, type ChainIndexerOptions, type IndexerStep } from './indexer/chainIndexer.ts'
export { type AccountHistoryDb, type AccountHistoryTables, withHistoryTables } from './indexer/tables.ts'
export { createLogger, type Logger, type LogLevel } from './log.ts'
export {
  DEFAULT_FEATURES,
  DEMO_PROJECT,
  type Project,
  type ProjectFeatures,
  type ProjectInput,
} from './projects/model.ts'
export { ProjectStore } from './projects/store.ts'

export interface CreateServerOptions {
  logger?: Logger
  /** Use an already open database (e.g. one shared PGlite in tests); `close()` then leaves it open. */
  database?: FoyerDatabase
}

export interface FoyerServer {
  app: FoyerApp
  config: ServerConfig
  database: FoyerDatabase
  projects: ProjectStore
  /** Prometheus registry behind GET /metrics. */
  metrics: ServerMetrics
  /** The account-history indexer, following every configured chain (absent when FOYER_INDEXER=false or no chains). */
  indexer?: RunningIndexers
  /** Starts listening on config.host:config.port (port 0 → any free port). */
  listen(): Promise<{ url: string; host: string; port: number }>
  /**
   * Stops listening (new connections are refused), lets requests in flight finish and the handlers still running
   * end, those of clients that went away included (within config.shutdownGraceMs), stops the indexer and the purge
   * timer, then closes Redis and the database if this server opened it. Idempotent.
   */
  close(): Promise<void>
}

/**
 * Opens the database (running migrations), seeds projects and builds the app. Does not listen yet.
 * `const server = await createServer(loadConfig()); await server.listen()`.
 */
export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<FoyerServer> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const ownsDatabase = !options.database
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      logger,
      poolMax: config.databasePoolMax,
    }))
  const projects = new ProjectStore(database.kysely)
  try {
    await seedProjects(projects, config, logger)
    const operators = await ensureOperators(consoleDb({ database }), config.consoleOperators)
    if (operators.length > 0) logger.info('console operators created', { operators })
    await seedSpamList(withHistoryTables(database.kysely), config.chains, config.indexer.spamNfts)
  } catch (e) {
    if (ownsDatabase) await database.close().catch(() => {})
    throw e
  }
  // Opened here (not inside createApp) so close() can end its Redis connection.
  const counters = openCounterStore(database, config.rateLimit)
  const metrics = createMetrics({ database })
  let draining = false
  const app = createApp({ db: database, config, logger, projects, counters, metrics, draining: () => draining })
  const indexer =
    config.indexer.enabled && (config.chains.length > 0 || indexesSolana(config.solana))
      ? startIndexers({
          chains: config.chains,
          ...(config.solana ? { solana: config.solana } : {}),
          db: database.kysely,
          settings: config.indexer,
          logger,
        })
      : undefined
  metrics.setIndexers(indexer?.indexers ?? [])
  metrics.setSolanaIndexers(indexer?.solana ? [indexer.solana] : [])

  // Expired challenges, sessions, devices and limit windows are deleted every 10 minutes (maintenance/purge.ts).
  const purge = startPurgeTimer(database, logger)

  let http: Server | undefined
  let closing: Promise<void> | undefined

  // Handlers running, from the moment a request reaches the app until its answer is made. A handler whose client
  // has gone (its connection closed) keeps running to its end, so shutdown waits for these as well as for the
  // connections before it closes what they use.
  let running = 0
  const idleWaiters = new Set<() => void>()
  const trackedFetch = async (request: Request, env: unknown) => {
    running++
    try {
      return await app.fetch(request, env as never)
    } finally {
      running--
      if (running === 0) for (const wake of idleWaiters) wake()
    }
  }
  /** Resolves true once no handler runs, or false at `deadline` (performance.now() ms) if some still do. */
  const handlersDone = (deadline: number) =>
    new Promise<boolean>((resolve) => {
      if (running === 0) return resolve(true)
      if (performance.now() >= deadline) return resolve(false)
      const done = (idle: boolean) => {
        clearTimeout(timer)
        idleWaiters.delete(wake)
        resolve(idle)
      }
      const wake = () => done(true)
      const timer = setTimeout(() => done(false), Math.max(0, deadline - performance.now()))
      timer.unref()
      idleWaiters.add(wake)
    })

  const listen = async () => {
    if (closing) throw new Error('The server is closed')
    if (http) throw new Error('The server is already listening')
    // overrideGlobalObjects: false — leave globalThis.Request/Response alone (the devnet and tests share the process)
    const server = createAdaptorServer({ fetch: trackedFetch, overrideGlobalObjects: false }) as Server
    http = server
    await new Promise<void>((resolve, reject) => {
      const onError = (e: NodeJS.ErrnoException) => {
        http = undefined
        reject(
          e.code === 'EADDRINUSE'
            ? new Error(`Port ${config.port} on ${config.host} is already in use; set PORT to another port`, {
                cause: e,
              })
            : e,
        )
      }
      server.once('error', onError)
      server.listen(config.port, config.host, () => {
        server.off('error', onError)
        server.on('error', (e) => logger.error('http server error', { error: e }))
        resolve()
      })
    })
    const { port } = server.address() as AddressInfo
    const hostForUrl = config.host.includes(':') ? `[${config.host}]` : config.host
    const url = `http://${hostForUrl}:${port}`
    logger.info('listening', { url })
    return { url, host: config.host, port }
  }

  // Graceful: stop accepting connections (new ones are refused), let requests in flight finish and the handlers
  // still running end (up to config.shutdownGraceMs, then open connections are cut), then stop the indexer and the
  // purge timer, then close Redis and the database.
  const close = () =>
    (closing ??= (async () => {
      const server = http
      const started = performance.now()
      // First out of the load balancer (its health checks now fail), then stop accepting: a connection the kernel
      // accepted just before the listener closed would otherwise be dropped with its request.
      if (server && config.shutdownDelayMs > 0) {
        draining = true
        logger.info('draining: /health answers 503 until the load balancer has taken this instance out', {
          delayMs: config.shutdownDelayMs,
        })
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs))
      }
      const deadline = performance.now() + config.shutdownGraceMs
      const drained = server
        ? new Promise<void>((resolve) => {
            const force = setTimeout(() => {
              logger.warn('shutdown grace period over; closing open connections', { graceMs: config.shutdownGraceMs })
              server.closeAllConnections()
            }, config.shutdownGraceMs)
            force.unref()
            // Keep-alive connections that go idle while draining are closed as soon as they do.
            const sweep = setInterval(() => server.closeIdleConnections(), 100)
            sweep.unref()
            server.close(() => {
              clearTimeout(force)
              clearInterval(sweep)
              resolve()
            })
            server.closeIdleConnections()
          })
        : Promise.resolve()
      await drained
      // A connection closed by its client leaves its handler running: the database and Redis stay open until it ends.
      if (!(await handlersDone(deadline)))
        logger.warn('shutdown grace period over; closing with handlers still running', {
          graceMs: config.shutdownGraceMs,
          running,
        })
      await Promise.all([indexer?.stop(), purge.stop()])
      await counters.close?.()
      if (ownsDatabase) await database.close()
      logger.info('stopped', { ms: Math.round(performance.now() - started) })
    })())

  return { app, config, database, projects, indexer, metrics, listen, close }
}
