import { routes } from '@foyer/core/protocol'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { sql } from 'kysely'
import { registerAccountDataRoutes } from './account-data/registerAccountDataRoutes.ts'
import { registerAnalyticsRoutes } from './analytics/analyticsRoutes.ts'
import { createAnalyticsWriter } from './analytics/analyticsWriter.ts'
import { registerCatalogueRoutes } from './catalogue/catalogueRoutes.ts'
import { createWalletCatalogue, loadCatalogueFile, type WalletCatalogue } from './catalogue/walletCatalogue.ts'
import type { ServerConfig } from './config.ts'
import { registerConsoleApp } from './console/consoleHost.ts'
import { registerConsoleRoutes } from './console/registerConsoleRoutes.ts'
import type { FoyerDatabase } from './db/index.ts'
import { embeddedCors, registerEmbeddedRoutes } from './embedded/embeddedRoutes.ts'
import { createFarcasterLogin, type FarcasterLogin } from './embedded/farcaster/farcasterLogin.ts'
import { createSmtpMailer, type Mailer } from './embedded/mailer.ts'
import { approvalPageHeaders, strictTransportSecurity } from './frame/securityHeaders.ts'
import type { AppEnv } from './http/context.ts'
import { cors } from './http/cors.ts'
import { apiErrorResponse, classifyError, errorResponse, payloadTooLarge } from './http/errors.ts'
import { requireProject } from './http/project.ts'
import { requestBodyLimit } from './http/requestBodyLimit.ts'
import { route } from './http/route.ts'
import { sequence } from './http/sequence.ts'
import { classifyChainError } from './http/upstreamErrors.ts'
import { type CounterStore, createDatabaseCounterStore } from './limits/counters.ts'
import { memoryCounterStoreFor } from './limits/memoryCounters.ts'
import { createRateLimiter } from './limits/rateLimit.ts'
import type { RateLimitConfig } from './limits/rateLimitConfig.ts'
import { connectRedis, createRedisCounterStore } from './limits/redisCounters.ts'
import { type Logger, silentLogger } from './log.ts'
import { createMetrics, metricsAuthorized, routePattern, type ServerMetrics } from './observability/metrics.ts'
import { requestContext } from './observability/requestId.ts'
import { effectiveFeatures } from './projects/model.ts'
import { ProjectStore } from './projects/store.ts'
import { registerSiweRoutes } from './siwe/siweRoutes.ts'
import { createPaymasterService, registerSponsorshipRoutes, sponsoredChains } from './sponsorship/sponsorshipRoutes.ts'
import { SponsorshipStore } from './sponsorship/sponsorshipStore.ts'
import { registerSwapRoutes } from './swap/swapRoutes.ts'

export const MAX_BODY_BYTES = 1024 * 1024

export interface AppDeps {
  db: FoyerDatabase
  config: ServerConfig
  logger?: Logger
  /** Shared project store (one is made from `db` when absent). */
  projects?: ProjectStore
  /** Sends the embedded wallet's emails and the console's sign-in links (default: SMTP from config.embedded.smtp). */
  mailer?: Mailer
  /** The wallet catalogue (default: FOYER_WALLETS_FILE, else the shipped catalogue). */
  catalogue?: WalletCatalogue
  /** Rate-limit counters (default: Redis when config.rateLimit.redisUrl is set, else the database). */
  counters?: CounterStore
  /** Prometheus metrics served on GET /metrics (default: request and database metrics, no process metrics). */
  metrics?: ServerMetrics
  /** Sign in with Farcaster for the embedded wallet (default: from config.farcaster; none when it is not configured). */
  farcaster?: FarcasterLogin
  /** True once a stop has begun and the server waits for its load balancer: /health answers 503, connections close. */
  draining?: () => boolean
}

export type FoyerApp = Hono<AppEnv>

/** Builds the HTTP app. Pure wiring: no listening, no process state beyond in-memory caches. */
export function createApp({
  db,
  config,
  logger = silentLogger,
  projects,
  catalogue,
  mailer,
  counters,
  metrics,
  farcaster,
  draining = () => false,
}: AppDeps): FoyerApp {
  const store = projects ?? new ProjectStore(db.kysely)
  const limits = config.rateLimit
  const counterStore = counters ?? openCounterStore(db, limits)
  const limiter = createRateLimiter({
    store: counterStore,
    perClient: limits.perClient,
    perProject: limits.perProject,
    windowMs: limits.windowMs,
    proxyTrust: config,
    logger,
  })
  // Data API and catalogue: the client is counted before the project is looked up (random project ids count
  // too), the project after. Images are exempt (deterministic SVG marks, cached by browsers for a year, and a
  // wallet list asks for dozens at once); so are /health and the embedded routes (which have their own limits).
  const projectWithoutLimits = requireProject(store)
  const project = sequence(limiter.perClient, projectWithoutLimits, limiter.perProject)
  // Sign-ins count into the same windows, but refuse (503 limits_unavailable) when the counters cannot be reached:
  // the limit is what stands between a client and unlimited attempts, so it must not vanish with Redis.
  const signInLimiter = createRateLimiter({
    store: counterStore,
    perClient: limits.perClient,
    perProject: limits.perProject,
    windowMs: limits.windowMs,
    proxyTrust: config,
    logger,
    whenStoreFails: 'refuse',
  })
  const signInProject = sequence(signInLimiter.perClient, projectWithoutLimits, signInLimiter.perProject)
  // Analytics count apart from the API (a modal's batches must not eat its data API allowance), on the same store.
  const analyticsLimiter = createRateLimiter({
    store: counterStore,
    perClient: config.analytics.perClient,
    perProject: config.analytics.perProject,
    windowMs: limits.windowMs,
    prefix: 'analytics',
    proxyTrust: config,
    logger,
  })
  const analyticsProject = sequence(analyticsLimiter.perClient, projectWithoutLimits, analyticsLimiter.perProject)
  const app = new Hono<AppEnv>()

  metrics ??= createMetrics({ database: db, defaultMetrics: false })
  const registry = metrics.registry
  app.use(metrics.middleware)
  app.use(requestContext(logger, routePattern))
  app.use(async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    // While draining, no connection is kept alive: each client's next request opens a new one elsewhere.
    if (draining()) c.header('Connection', 'close')
  })
  app
    .use(strictTransportSecurity(config))
    .use('/v1/embedded/device/*', approvalPageHeaders()) // before the routes: every answer, errors too
    .use('/v1/embedded/social/:provider/callback', approvalPageHeaders()) // its URL holds the code and state
  app.use('/v1/embedded/*', embeddedCors(config)) // before the app-wide CORS: the frame's origin is not a project's
  app.use(cors(store))
  app.use(
    requestBodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => apiErrorResponse(c, payloadTooLarge(`Request body is larger than ${MAX_BODY_BYTES} bytes`)),
    }),
  )

  route(app, routes.health, async (c) => {
    let ok = true
    try {
      await withTimeout(sql`select 1`.execute(db.kysely), 2_000)
    } catch (e) {
      ok = false
      logger.warn('health check: database not answering', { error: e })
    }
    c.header('Cache-Control', 'no-store')
    if (draining()) {
      c.status(503)
      return { ok: false, version: config.version, database: db.kind, draining: true as const }
    }
    c.status(ok ? 200 : 503)
    return { ok, version: config.version, database: db.kind }
  })

  // Prometheus text format. Open unless FOYER_METRICS_TOKEN is set (then `Authorization: Bearer <token>`).
  route(app, routes.metrics, async (c) => {
    if (!metricsAuthorized(c.req.header('Authorization'), config.metricsToken)) {
      c.header('WWW-Authenticate', 'Bearer realm="foyer-metrics"')
      return errorResponse(c, 401, 'unauthorized', 'GET /metrics needs Authorization: Bearer <FOYER_METRICS_TOKEN>')
    }
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', registry.contentType)
    return c.body(await registry.metrics())
  })

  route(app, routes.project, project, (c) => {
    const p = c.get('project')
    // Asked again at each modal open (a few seconds apart at most): no HTTP cache may answer it for the server, so an
    // operator's change shows within the project cache's few seconds.
    c.header('Cache-Control', 'no-cache')
    return {
      id: p.id,
      name: p.name,
      features: effectiveFeatures(p.features),
      sponsorship: sponsoredChains(p, config),
    }
  })

  const paymaster = createPaymasterService({ config, store: new SponsorshipStore(db.kysely), logger })
  registerSponsorshipRoutes(app, { project, service: paymaster })

  registerSwapRoutes(app, { config, project })

  registerAccountDataRoutes(app, { config, db, project })

  registerSiweRoutes(app, { config, db, project, signIn: signInProject, logger })

  registerCatalogueRoutes(
    app,
    project,
    catalogue ?? createWalletCatalogue(loadCatalogueFile(config.walletsFile)),
    config.embedded.publicUrl,
    projectWithoutLimits,
  )

  registerAnalyticsRoutes(app, {
    project: analyticsProject,
    writer: createAnalyticsWriter(db),
    countryHeader: config.analytics.countryHeader,
    proxyTrust: config,
  })

  const sender = mailer ?? createSmtpMailer(config.embedded.smtp)
  registerEmbeddedRoutes(app, {
    db,
    config,
    projects: store,
    logger,
    mailer: sender,
    farcaster: farcaster ?? createFarcasterLogin(config.farcaster),
    paymaster,
  })

  // The operator console's API (/console/api): its sign-in, then everything else for signed-in operators only.
  registerConsoleRoutes(app, {
    database: db,
    config,
    projects: store,
    mailer: sender,
    logger,
    counters: counterStore,
  })

  registerConsoleApp(app, { distDir: config.consoleDir })

  app.notFound((c) => errorResponse(c, 404, 'not_found', `No route for ${c.req.method} ${truncate(c.req.path, 200)}`))

  app.onError((err, c) => {
    const known = classifyError(err) ?? classifyChainError(err)
    if (known) {
      if (known.status >= 500)
        logger.error('request failed', {
          requestId: c.get('requestId'),
          method: c.req.method,
          route: routePattern(c),
          error: err,
        })
      return apiErrorResponse(c, known)
    }
    if (err instanceof HTTPException && err.status < 500) {
      return errorResponse(c, err.status as ContentfulStatusCode, 'bad_request', err.message || 'Bad request')
    }
    logger.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      route: routePattern(c),
      error: err,
      stack: err instanceof Error ? err.stack : undefined,
    })
    return errorResponse(c, 500, 'internal_error', 'Internal server error')
  })

  return app
}

/**
 * Redis when configured; else Postgres (shared by every instance); else, on PGlite — whose data folder one process
 * owns, so there is one instance — this process's memory, which counts the same without a write per request.
 * `close` ends what the store opened (the Redis connection); createServer calls it on shutdown.
 */
export function openCounterStore(
  db: FoyerDatabase,
  { redisUrl, redisKeyPrefix }: Pick<RateLimitConfig, 'redisUrl' | 'redisKeyPrefix'>,
): CounterStore & { close?(): Promise<void> } {
  if (redisUrl)
    return createRedisCounterStore(connectRedis(redisUrl), { keyPrefix: redisKeyPrefix, ownsConnection: true })
  return db.kind === 'pglite' ? memoryCounterStoreFor(db) : createDatabaseCounterStore(db)
}

function truncate(s: string, n: number) {
  return s.length > n ? `${s.slice(0, n)}…` : s
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer))
}
