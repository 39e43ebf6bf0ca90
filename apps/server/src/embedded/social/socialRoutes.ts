/**
 * Social login for the secure frame (docs/api.md, "Social login"): `/social/:provider/start` opens a flow (its token
 * goes to the frame only, stored here as a hash) and answers where the person signs in; the OAuth provider sends the
 * person's browser back to `/social/:provider/callback`, which exchanges the code and settles the flow in the
 * database; the frame polls `/social/finish` until the flow has ended (a session, a link offer, or why not).
 * Sign in with Farcaster uses the same start and finish, with the Connect relay's channel in place of the callback.
 * Codes, states, verifiers and tokens are never logged.
 */

import { randomBytes } from 'node:crypto'
import {
  type LoginProvider,
  routes,
  SOCIAL_PROVIDERS,
  type SocialFinishResponse,
  type SocialProvider,
} from '@foyer/core/protocol'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as client from 'openid-client'
import { clientAddress } from '../../http/clientAddress.ts'
import type { AppEnv } from '../../http/context.ts'
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.ts'
import { route } from '../../http/route.ts'
import { effectiveFeatures, normalizeOrigin } from '../../projects/model.ts'
import type { ProjectStore } from '../../projects/store.ts'
import type { EmbeddedContext } from '../embeddedContext.ts'
import type { FarcasterLogin } from '../farcaster/farcasterLogin.ts'
import { newId, newToken, sha256 } from '../secrets.ts'
import { callbackPage } from './callbackPage.ts'
import { type ProviderClients, ProviderUnavailableError, SignInRefusedError } from './oauthClient.ts'
import {
  claimFlow,
  consumeFlow,
  FLOW_TTL_MS,
  type FlowRow,
  failFlow,
  releaseFlow,
  settleIdentity,
} from './socialSignIn.ts'

/** Flows one client address may start per window. */
export const STARTS_PER_CLIENT_LIMIT = 30
export const STARTS_WINDOW_MS = 10 * 60 * 1000
/** Finish calls one client address may make per window (the frame polls about once a second). */
export const FINISHES_PER_CLIENT_LIMIT = 180
export const FINISHES_WINDOW_MS = 60 * 1000

export interface SocialDeps {
  projects: ProjectStore
  /** `/start`'s project check: the frame's origin, and email or the path's provider on. */
  startProject: MiddlewareHandler<AppEnv>
  /** `/finish`'s project check: the frame's origin, and some way to sign in on. */
  finishProject: MiddlewareHandler<AppEnv>
  providers: ProviderClients
  farcaster: FarcasterLogin | undefined
}

const isSocialProvider = (p: string): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p)

const notConfigured = (provider: string) =>
  forbidden('provider_not_configured', `Sign-in with ${provider} is not configured for this project`)
const unavailable = () =>
  new ApiError(503, 'provider_unavailable', 'The sign-in provider cannot be reached; try again shortly')
const loginNotFound = () => notFound('login_not_found', 'No such sign-in on this device; start again')

async function limit(ctx: EmbeddedContext, c: Context<AppEnv>, name: string, max: number, windowMs: number) {
  const { count, resetAt } = await ctx.counters.hit(`embedded-social:${name}:${clientAddress(c, ctx.config)}`, windowMs)
  if (count > max) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - ctx.now().getTime()) / 1000))
    throw new ApiError(429, 'rate_limited', 'Too many sign-in requests; try again later', {
      headers: { 'Retry-After': String(seconds) },
    })
  }
}

/** The API error a failed flow answers /social/finish with (its `error` column holds the code). */
function flowError(code: string | null): ApiError {
  switch (code) {
    case 'login_cancelled':
      return badRequest('login_cancelled', 'The sign-in was cancelled at the provider')
    case 'provider_unavailable':
      return unavailable()
    case 'login_expired':
      return new ApiError(410, 'login_expired', 'The sign-in took too long; start again')
    default:
      return badRequest('login_failed', 'The provider did not confirm the sign-in; start again')
  }
}

export function registerSocialRoutes(app: Hono<AppEnv>, ctx: EmbeddedContext, deps: SocialDeps) {
  const { publicUrl } = ctx.config.embedded
  const redirectUri = (provider: SocialProvider) => `${publicUrl}/v1/embedded/social/${provider}/callback`

  route(app, routes.embeddedSocialStart, deps.startProject, async (c, request) => {
    const { provider } = request.params()
    const project = c.get('project')
    const { deviceId, origin } = await request.body()
    if (!effectiveFeatures(project.features).socials.includes(provider)) throw notConfigured(provider)
    const siteOrigin = normalizeOrigin(origin)
    if (siteOrigin === undefined || !project.allowedOrigins.includes(siteOrigin))
      throw badRequest('invalid_request', 'The origin is not one of the project’s allowed origins')
    await limit(ctx, c, 'start', STARTS_PER_CLIENT_LIMIT, STARTS_WINDOW_MS)

    const flow = newToken()
    const expiresAt = new Date(ctx.now().getTime() + FLOW_TTL_MS)
    const row = {
      id: newId(),
      token_hash: sha256(flow),
      project_id: project.id,
      provider,
      device_hash: sha256(deviceId),
      site_origin: siteOrigin,
      expires_at: expiresAt,
      created_at: ctx.now(),
    }
    let url: string
    if (provider === 'farcaster') {
      if (!deps.farcaster) throw notConfigured(provider)
      // Sign in with Farcaster's nonce is letters and digits only (EIP-4361): 128 random bits as hex.
      const nonce = randomBytes(16).toString('hex')
      const channel = await deps.farcaster.start({ nonce, siteOrigin, expiresAt }).catch((error: Error) => {
        ctx.logger.warn('social: the Farcaster relay did not open a channel', { error: error.name })
        throw unavailable()
      })
      await ctx.db
        .insertInto('embedded_social_flows')
        .values({ ...row, nonce, channel_token: channel.channelToken, state: null, code_verifier: null })
        .execute()
      url = channel.url
    } else {
      const settings = project.socialLogin[provider]
      if (!settings) throw notConfigured(provider)
      const oauth = await deps.providers.get(project.id, provider, settings).catch((error) => {
        if (!(error instanceof ProviderUnavailableError)) throw error
        ctx.logger.warn('social: provider discovery failed', { provider, project: project.id })
        throw unavailable()
      })
      const state = client.randomState()
      const codeVerifier = client.randomPKCECodeVerifier()
      const nonce = oauth.mode === 'oidc' ? client.randomNonce() : null
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier)
      url = oauth.authorizationUrl(redirectUri(provider), { state, codeVerifier, nonce, codeChallenge })
      await ctx.db
        .insertInto('embedded_social_flows')
        .values({ ...row, state, code_verifier: codeVerifier, nonce, channel_token: null })
        .execute()
    }
    c.header('Cache-Control', 'no-store')
    return { flow, url, expiresAt: expiresAt.toISOString() }
  })

  // The provider's redirect, in the person's browser (usually the popup the frame opened). Every answer is a page;
  // the frame learns the outcome from /social/finish.
  route(app, routes.embeddedSocialCallback, async (c) => {
    const provider = c.req.param('provider') ?? ''
    const query = c.req.query()
    const refuse = (reason: string, status: 400 | 404 = 400) => {
      ctx.logger.warn('social: callback refused', { provider: provider.slice(0, 32), reason })
      return c.html(callbackPage('failed'), status)
    }
    if (!isSocialProvider(provider)) return refuse('unknown provider', 404)
    const state = query.state
    if (typeof state !== 'string' || state === '' || state.length > 512) return refuse('no state')
    const flow = await ctx.db
      .selectFrom('embedded_social_flows')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst()
    if (!flow) return refuse('state matches no sign-in')
    if (flow.provider !== provider) return refuse('state belongs to another provider’s sign-in')

    if (typeof query.error === 'string') {
      const code = query.error === 'access_denied' ? 'login_cancelled' : 'login_failed'
      const failed = await ctx.db
        .updateTable('embedded_social_flows')
        .set({ status: 'failed', error: code, finished_at: ctx.now() })
        .where('id', '=', flow.id)
        .where('status', '=', 'pending')
        .where('expires_at', '>', ctx.now())
        .returning('id')
        .executeTakeFirst()
      if (!failed) return refuse('provider error for a sign-in no longer pending')
      ctx.logger.info('social: the provider answered an error', { provider, error: code })
      return c.html(callbackPage(code === 'login_cancelled' ? 'cancelled' : 'failed'))
    }
    if (typeof query.code !== 'string' || query.code === '') return refuse('no code')

    const claimed = await claimFlow(ctx, flow.id)
    if (!claimed)
      return refuse(
        flow.expires_at.getTime() <= ctx.now().getTime() ? 'sign-in expired' : 'sign-in no longer pending (a replay)',
      )
    const outcome = await exchange(claimed, provider, c.req.url)
    if (outcome === 'failed') return c.html(callbackPage('failed'), 400)
    if (outcome === 'unavailable') return c.html(callbackPage('unavailable'), 503)
    return c.html(callbackPage('signed_in'))
  })

  /** The code exchanged and the flow settled; a refusal or an unreachable provider fails the flow. */
  async function exchange(flow: FlowRow, provider: SocialProvider, requestUrl: string) {
    try {
      const project = await deps.projects.get(flow.project_id)
      const settings = project?.socialLogin[provider]
      if (!project || !settings || !flow.state || !flow.code_verifier)
        throw new SignInRefusedError('the project no longer has this provider')
      const oauth = await deps.providers.get(project.id, provider, settings)
      // The redirect URI the provider was given, with the callback's own parameters (never the request's Host).
      const callbackUrl = new URL(redirectUri(provider))
      callbackUrl.search = new URL(requestUrl).search
      const identity = await oauth.exchange(callbackUrl, {
        state: flow.state,
        codeVerifier: flow.code_verifier,
        nonce: flow.nonce,
      })
      const status = await settleIdentity(ctx, flow, identity)
      ctx.logger.info('social: provider confirmed the sign-in', { provider, outcome: status })
      return status
    } catch (error) {
      const isUnavailable = error instanceof ProviderUnavailableError
      if (!isUnavailable && !(error instanceof SignInRefusedError)) {
        await failFlow(ctx, flow.id, 'login_failed', 'exchanging')
        throw error
      }
      ctx.logger.warn('social: sign-in refused', {
        provider,
        reason: isUnavailable ? 'provider unavailable' : 'exchange refused',
        detail: describeCause(error),
      })
      await failFlow(ctx, flow.id, isUnavailable ? 'provider_unavailable' : 'login_failed', 'exchanging')
      return isUnavailable ? 'unavailable' : 'failed'
    }
  }

  route(app, routes.embeddedSocialFinish, deps.finishProject, async (c, request) => {
    const { flow: token, deviceId, link } = await request.body()
    await limit(ctx, c, 'finish', FINISHES_PER_CLIENT_LIMIT, FINISHES_WINDOW_MS)
    const project = c.get('project')
    const find = () =>
      ctx.db
        .selectFrom('embedded_social_flows')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .where('device_hash', '=', sha256(deviceId))
        .where('project_id', '=', project.id)
        .executeTakeFirst()
    let flow = await find()
    if (!flow) throw loginNotFound()
    if (!effectiveFeatures(project.features).socials.includes(flow.provider))
      throw forbidden('feature_disabled', `Sign-in with ${flow.provider} is switched off for this project`)
    c.header('Cache-Control', 'no-store')

    if (flow.status === 'pending' && flow.provider === 'farcaster') {
      await checkFarcaster(flow)
      flow = await find()
      if (!flow) throw loginNotFound()
    }
    if (flow.status === 'failed') throw flowError(flow.error)
    if (flow.expires_at.getTime() <= ctx.now().getTime()) throw flowError('login_expired')
    if (flow.status === 'pending' || flow.status === 'exchanging') return { status: 'pending' }
    if (flow.status === 'link' && link !== true) {
      const identity = flow.identity as { email?: string } | null
      return { status: 'link', email: identity?.email ?? '', provider: flow.provider as LoginProvider }
    }
    const session = await consumeFlow(ctx, c, flow, flow.status)
    if (session.kind === 'not_found') throw loginNotFound()
    ctx.logger.info('embedded: signed in', { provider: flow.provider, linked: flow.status === 'link' })
    const { sessionToken, expiresAt, user } = session
    return { status: 'signed_in', sessionToken, expiresAt, user } satisfies SocialFinishResponse
  })

  /**
   * A pending Farcaster flow: ask the relay how the channel stands. The relay reports a completed channel ONCE (then
   * answers "expired"), so one poll at a time reads it: the poll that takes the flow (pending → exchanging, one
   * conditional update) reads the channel while parallel polls answer pending. Still pending → the flow is given
   * back; verified → the same identity rules as an OAuth callback; failed, or the relay or the registries
   * unreachable → the flow fails (the person starts again).
   */
  async function checkFarcaster(flow: FlowRow) {
    if (!deps.farcaster || !flow.channel_token || !flow.nonce || !flow.site_origin) return
    const claimed = await claimFlow(ctx, flow.id)
    if (!claimed) return
    try {
      const result = await deps.farcaster.check({
        channelToken: flow.channel_token,
        nonce: flow.nonce,
        siteOrigin: flow.site_origin,
      })
      if (result.status === 'pending') return void (await releaseFlow(ctx, flow.id))
      if (result.status === 'failed') {
        await failFlow(ctx, flow.id, result.code, 'exchanging')
        ctx.logger.info('social: Farcaster sign-in failed', { error: result.code })
        return
      }
      const status = await settleIdentity(ctx, claimed, { ...result.identity, provider: 'farcaster' })
      ctx.logger.info('social: Farcaster confirmed the sign-in', { outcome: status })
    } catch (error) {
      const isUnavailable = error instanceof ApiError && error.status === 503
      await failFlow(ctx, flow.id, isUnavailable ? 'provider_unavailable' : 'login_failed', 'exchanging')
      if (!isUnavailable) throw error
      ctx.logger.warn('social: Farcaster could not be reached', { detail: describeCause(error) })
    }
  }
}

/** What went wrong, for the log: the error's class and code only (an error's message may quote a token). */
function describeCause(error: unknown): string {
  const parts: string[] = []
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') break
    const name = (e as { name?: unknown }).name
    const code = (e as { code?: unknown }).code
    const oauthError = (e as { error?: unknown }).error
    parts.push([name, code, oauthError].filter((x) => typeof x === 'string').join(':'))
  }
  return parts.filter(Boolean).join(' <- ')
}
