/**
 * Embedded-wallet auth for the secure frame (docs/api.md, "Embedded wallet"): email one-time codes over SMTP,
 * new-device approval links, social login (OAuth 2.0 / OpenID Connect, and Sign in with Farcaster), sessions and
 * devices, the auth share, email update. Only the frame's origin may call
 * these from a browser; the site itself never does. Codes, tokens and device ids are stored as hashes and never
 * logged. Every limit and one-time use is enforced in one database statement (challenges.ts, sendLimits.ts).
 */
import { LOGIN_PROVIDERS, PAYMASTER_RPC_ERRORS, routes } from '@foyer/core/protocol'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import { readJsonBody } from '../http/body.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, type ErrorBody, forbidden, unauthorized } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { type CounterStore, createDatabaseCounterStore } from '../limits/counters.ts'
import type { Logger } from '../log.ts'
import {
  type EffectiveFeatures,
  effectiveFeatures,
  isPlainObject,
  isValidProjectId,
  normalizeOrigin,
} from '../projects/model.ts'
import type { ProjectStore } from '../projects/store.ts'
import type { PaymasterService } from '../sponsorship/sponsorshipRoutes.ts'
import { sponsoredChains } from '../sponsorship/sponsorshipRoutes.ts'
import { registerAccountRoutes } from './accountRoutes.ts'
import { registerDeviceApproval } from './deviceApproval.ts'
import { registerEmailUpdateRoutes } from './emailUpdateRoutes.ts'
import { embeddedChains } from './embeddedChains.ts'
import { type EmbeddedContext, requireSession } from './embeddedContext.ts'
import { embeddedSolanaChains } from './embeddedSolanaChains.ts'
import type { EmbeddedTables } from './embeddedTables.ts'
import type { FarcasterLogin } from './farcaster/farcasterLogin.ts'
import { registerLoginRoutes } from './loginRoutes.ts'
import type { Mailer } from './mailer.ts'
import { createProviderClients, type ProviderClients } from './social/oauthClient.ts'
import { registerSocialRoutes } from './social/socialRoutes.ts'

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
  /** The paymaster service `POST /v1/paymaster` answers with; absent: `/v1/embedded/paymaster` is not served. */
  paymaster?: PaymasterService
  /** The OAuth providers' clients (default: built and cached per project and provider on first use). */
  providerClients?: ProviderClients
  /** Sign in with Farcaster; absent: the `farcaster` provider answers `provider_not_configured`. */
  farcaster?: FarcasterLogin
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

  /**
   * The frame's calls: from the frame's origin (when a browser sends one), for a project with the sign-in the route
   * serves switched on (`gate` says which; `feature_disabled` otherwise).
   */
  const frameProjectWith =
    (gate: LoginGate): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
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
      const refusal = gate(effectiveFeatures(project.features), c)
      if (refusal !== undefined) throw forbidden('feature_disabled', refusal)
      c.set('project', project)
      await next()
    }
  /** Email login's own routes: email on. */
  const emailProject = frameProjectWith(emailGate)
  /** The routes of a signed-in person and the frame's settings: any way to sign in on (email or a provider). */
  const frameProject = frameProjectWith(anyLoginGate)

  // What the frame needs to know about the project and the chains.
  const solanaChains = embeddedSolanaChains(config, deps.logger)
  route(app, routes.embeddedConfig, frameProject, async (c) => {
    const project = c.get('project')
    const solana = await solanaChains()
    c.header('Cache-Control', 'no-store')
    return {
      projectId: project.id,
      allowedOrigins: project.allowedOrigins,
      chains: embeddedChains(config.chains, sponsoredChains(project, config).chains),
      ...(solana ? { solanaChains: solana } : {}),
    }
  })

  // The signed-in person's gas, sponsored by the project their session is for: the same service, policy and daily
  // limits as `POST /v1/paymaster` (sponsorshipRoutes.ts), for the session's own account only.
  const { paymaster } = deps
  if (paymaster)
    route(app, routes.embeddedPaymaster, frameProject, async (c) => {
      const session = await requireSession(ctx, c)
      const body = await readJsonBody(c, { require: true })
      const sender = senderOf(body)
      if (sender !== undefined && sender.toLowerCase() !== session.address?.toLowerCase())
        return {
          jsonrpc: '2.0' as const,
          id: isPlainObject(body) && (typeof body.id === 'string' || typeof body.id === 'number') ? body.id : null,
          error: {
            code: PAYMASTER_RPC_ERRORS.invalidParams,
            message: "Invalid params: the operation's sender is not this session's account",
          },
        }
      return paymaster(c.get('project'), body)
    })

  registerLoginRoutes(app, ctx, emailProject)
  registerDeviceApproval(app, ctx)
  registerAccountRoutes(app, ctx, frameProject)
  registerEmailUpdateRoutes(app, ctx, emailProject)
  registerSocialRoutes(app, ctx, {
    projects,
    // `/social/:provider/start`: email or that provider on; `/social/finish` checks the flow's provider itself.
    startProject: frameProjectWith(providerGate),
    finishProject: frameProject,
    providers: deps.providerClients ?? createProviderClients(),
    // Sign in with Farcaster (createFarcasterLogin, app.ts); without it, `farcaster` is not configured.
    farcaster: deps.farcaster,
  })
}

/** Undefined when the project's switches let the request through, else why not. */
type LoginGate = (features: EffectiveFeatures, c: Context<AppEnv>) => string | undefined

const emailGate: LoginGate = (f) => (f.email ? undefined : 'Email login is switched off for this project')

const offersLogin = (f: EffectiveFeatures) =>
  f.email || f.socials.some((p) => (LOGIN_PROVIDERS as readonly string[]).includes(p))

const anyLoginGate: LoginGate = (f) =>
  offersLogin(f) ? undefined : 'Email and social login are switched off for this project'

const providerGate: LoginGate = (f, c) =>
  f.email || f.socials.includes(c.req.param('provider') ?? '')
    ? undefined
    : 'Neither email login nor this provider is switched on for this project'

/** `params[0].sender` of a JSON-RPC body when it is a string (the service checks the rest). */
function senderOf(body: unknown): string | undefined {
  if (!isPlainObject(body) || !Array.isArray(body.params)) return undefined
  const [operation] = body.params
  return isPlainObject(operation) && typeof operation.sender === 'string' ? operation.sender : undefined
}
