/**
 * Embedded-wallet auth for the secure frame (docs/api.md, "Embedded wallet"): email one-time codes over SMTP,
 * new-device approval links, sessions and devices, the auth share, email update. Only the frame's origin may call
 * these from a browser; the site itself never does. Codes, tokens and device ids are stored as hashes and never
 * logged. Every limit and one-time use is enforced in one database statement (challenges.ts, sendLimits.ts).
 */
import { routes } from '@foyer/core/protocol'
import type { Hono, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import { readJsonBody } from '../http/body.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, type ErrorBody, forbidden, unauthorized } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { type CounterStore, createDatabaseCounterStore } from '../limits/counters.ts'
import type { Logger } from '../log.ts'
import { effectiveFeatures, isPlainObject, isValidProjectId, normalizeOrigin } from '../projects/model.ts'
import type { ProjectStore } from '../projects/store.ts'
import { registerAccountRoutes } from './accountRoutes.ts'
import { registerDeviceApproval } from './deviceApproval.ts'
import { registerEmailUpdateRoutes } from './emailUpdateRoutes.ts'
import type { EmbeddedContext } from './embeddedContext.ts'
import type { EmbeddedTables } from './embeddedTables.ts'
import { registerLoginRoutes } from './loginRoutes.ts'
import type { Mailer } from './mailer.ts'

export {
  CODE_ATTEMPTS_LIMIT,
  FAILURE_WINDOW_MS,
  FAILURES_PER_CLIENT_LIMIT,
  FAILURES_PER_EMAIL_LIMIT,
} from './challenges.ts'

const ALLOW_HEADERS = 'content-type, authorization, x-project-id, x-sdk-type, x-sdk-version'

export type EmbeddedDeps = {
  db: FoyerDatabase
  config: ServerConfig
  projects: ProjectStore
  mailer: Mailer
  logger: Logger
  /** Limits and quotas (default: the database's rate_counters table, shared by every instance). */
  counters?: CounterStore
  /** For tests: the clock. */
  now?: () => Date
}

/**
 * CORS for /v1/embedded/*: the frame's origin only. Registered before the app-wide CORS middleware, so a
 * preflight from the frame is answered here.
 */
export function embeddedCors(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const frameOrigin = config.embedded.frameOrigin
  return async (c, next) => {
    const origin = normalizeOrigin(c.req.header('origin') ?? '')
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      c.header('Vary', 'Origin')
      if (origin !== frameOrigin)
        return c.json(
          {
            error: { code: 'origin_not_allowed', message: 'Only the secure frame may call the embedded-wallet routes' },
          } satisfies ErrorBody,
          403,
        )
      c.header('Access-Control-Allow-Origin', frameOrigin)
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
      c.header('Access-Control-Allow-Headers', ALLOW_HEADERS)
      c.header('Access-Control-Max-Age', '600')
      return c.body(null, 204)
    }
    await next()
    if (origin === frameOrigin) c.header('Access-Control-Allow-Origin', frameOrigin)
  }
}

export function registerEmbeddedRoutes(app: Hono<AppEnv>, deps: EmbeddedDeps) {
  const { config, projects } = deps
  const now = deps.now ?? (() => new Date())
  const ctx: EmbeddedContext = {
    db: deps.db.kysely.withTables<EmbeddedTables>() as unknown as Kysely<EmbeddedTables>,
    config,
    mailer: deps.mailer,
    logger: deps.logger,
    counters: deps.counters ?? createDatabaseCounterStore(deps.db, now),
    now,
  }
  const { frameOrigin } = config.embedded

  /** The frame's calls: from the frame's origin (when a browser sends one), for a project with email on. */
  const frameProject: MiddlewareHandler<AppEnv> = async (c, next) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && normalizeOrigin(origin) !== frameOrigin)
      throw forbidden('origin_not_allowed', 'Only the secure frame may call the embedded-wallet routes')
    const body = await readJsonBody(c)
    const id =
      c.req.header('x-project-id') ?? c.req.query('projectId') ?? (isPlainObject(body) ? body.projectId : undefined)
    if (id === undefined || id === '')
      throw unauthorized(
        'missing_project_id',
        'A project id is required: send the x-project-id header or a projectId parameter',
      )
    if (!isValidProjectId(id)) throw badRequest('invalid_project_id', 'The project id is not valid')
    const project = await projects.get(id)
    if (!project) throw forbidden('unknown_project', `Unknown project "${id}"`)
    if (!effectiveFeatures(project.features).email)
      throw forbidden('feature_disabled', 'Email login is switched off for this project')
    c.set('project', project)
    await next()
  }

  // What the frame needs to know about the project and the chains.
  route(app, routes.embeddedConfig, frameProject, (c) => {
    const project = c.get('project')
    c.header('Cache-Control', 'no-store')
    return {
      projectId: project.id,
      allowedOrigins: project.allowedOrigins,
      chains: config.chains.map(({ id, name, rpcUrl, nativeSymbol }) => ({ id, name, rpcUrl, nativeSymbol })),
    }
  })

  registerLoginRoutes(app, ctx, frameProject)
  registerDeviceApproval(app, ctx)
  registerAccountRoutes(app, ctx, frameProject)
  registerEmailUpdateRoutes(app, ctx, frameProject)
}
