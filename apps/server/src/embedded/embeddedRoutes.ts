/**
 * Embedded-wallet auth for the secure frame (docs/api.md, "Embedded wallet"): email one-time codes over SMTP,
 * new-device approval links, sessions, the auth share, email update. Only the frame's origin may call these from
 * a browser; the site itself never does. Codes, tokens and device ids are stored as hashes and never logged.
 */
import { EMAIL_RESEND_LOCK_MS } from '@foyer/core'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import { readJsonBody } from '../http/body.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, type Issue, badRequest, forbidden, invalidRequest, unauthorized } from '../http/errors.ts'
import type { Logger } from '../log.ts'
import { effectiveFeatures, isPlainObject, isValidProjectId, normalizeOrigin } from '../projects/model.ts'
import type { ProjectStore } from '../projects/store.ts'
import type { EmbeddedTables } from './embeddedTables.ts'
import { type Mailer, deviceApprovalMail, loginCodeMail, updateEmailCodeMail } from './mailer.ts'
import { codeHash, newCode, newId, newToken, sameHash, sha256 } from './secrets.ts'

export const CODE_ATTEMPTS_LIMIT = 5
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
export const FAILURES_PER_EMAIL_LIMIT = 10
export const FAILURES_PER_CLIENT_LIMIT = 30
const DEVICE_LINK_TTL_MS = 15 * 60 * 1000

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{1,63}$/
const DEVICE_ID_RE = /^[0-9a-f]{64}$/
const OTP_RE = /^\d{6}$/
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
const AUTH_SHARE_RE = /^02[0-9a-f]{64}$/
const ALLOW_HEADERS = 'content-type, authorization, x-project-id, x-sdk-type, x-sdk-version'

export type EmbeddedDeps = {
  db: FoyerDatabase
  config: ServerConfig
  projects: ProjectStore
  mailer: Mailer
  logger: Logger
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
      if (origin !== frameOrigin) return c.json({ error: { code: 'origin_not_allowed', message: 'Only the secure frame may call the embedded-wallet routes' } }, 403)
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
  const { config, projects, mailer, logger } = deps
  const db = deps.db.kysely.withTables<EmbeddedTables>() as unknown as Kysely<EmbeddedTables>
  const now = deps.now ?? (() => new Date())
  const { frameOrigin, codeTtlMs, sessionTtlMs } = config.embedded

  /** The frame's calls: from the frame's origin (when a browser sends one), for a project with email on. */
  const frameProject: MiddlewareHandler<AppEnv> = async (c, next) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && normalizeOrigin(origin) !== frameOrigin) throw forbidden('origin_not_allowed', 'Only the secure frame may call the embedded-wallet routes')
    const body = await readJsonBody(c)
    const id = c.req.header('x-project-id') ?? c.req.query('projectId') ?? (isPlainObject(body) ? body.projectId : undefined)
    if (id === undefined || id === '') throw unauthorized('missing_project_id', 'A project id is required: send the x-project-id header or a projectId parameter')
    if (!isValidProjectId(id)) throw badRequest('invalid_project_id', 'The project id is not valid')
    const project = await projects.get(id)
    if (!project) throw forbidden('unknown_project', `Unknown project "${id}"`)
    if (!effectiveFeatures(project.features).email) throw forbidden('feature_disabled', 'Email login is switched off for this project')
    c.set('project', project)
    await next()
  }

  const clientAddress = (c: Context<AppEnv>) =>
    ((c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown').slice(0, 64)

  function fields(c: Context<AppEnv>, shape: Record<string, RegExp>): Record<string, string> {
    const body = c.get('body')
    if (!isPlainObject(body)) throw invalidRequest([{ path: '', message: 'expected a JSON object body' }])
    const issues: Issue[] = []
    const out: Record<string, string> = {}
    for (const [key, pattern] of Object.entries(shape)) {
      const value = body[key]
      if (typeof value !== 'string' || !pattern.test(key === 'email' ? value.trim().toLowerCase() : value)) issues.push({ path: key, message: messages[key] ?? 'is malformed' })
      else out[key] = key === 'email' ? value.trim().toLowerCase() : value
    }
    for (const key of Object.keys(body)) if (key !== 'projectId' && !(key in shape)) issues.push({ path: key, message: 'is not a known field' })
    if (issues.length) throw invalidRequest(issues)
    return out
  }

  async function session(c: Context<AppEnv>) {
    const header = c.req.header('authorization') ?? ''
    const token = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header)?.[1]
    if (!token) throw unauthorized('unauthorized', 'Sign in first')
    const row = await db
      .selectFrom('embedded_sessions')
      .innerJoin('embedded_users', 'embedded_users.id', 'embedded_sessions.user_id')
      .select(['embedded_sessions.token_hash', 'embedded_sessions.expires_at', 'embedded_sessions.revoked_at', 'embedded_users.id', 'embedded_users.email', 'embedded_users.address', 'embedded_users.auth_share'])
      .where('embedded_sessions.token_hash', '=', sha256(token))
      .executeTakeFirst()
    if (!row || row.revoked_at || row.expires_at.getTime() <= now().getTime()) throw unauthorized('unauthorized', 'The session has ended; sign in again')
    return row
  }

  async function assertNotLocked(email: string, purposes: EmbeddedTables['embedded_challenges']['purpose'][]) {
    const last = await db
      .selectFrom('embedded_challenges')
      .select('created_at')
      .where('email', '=', email)
      .where('purpose', 'in', purposes)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    const left = last ? last.created_at.getTime() + EMAIL_RESEND_LOCK_MS - now().getTime() : 0
    if (left > 0) {
      const seconds = Math.ceil(left / 1000)
      throw new ApiError(429, 'email_rate_limited', `Please try again after ${seconds} seconds`, { details: { retryAfterSeconds: seconds }, headers: { 'Retry-After': String(seconds) } })
    }
  }

  async function assertFailuresBelowLimits(email: string, client: string) {
    const since = new Date(now().getTime() - FAILURE_WINDOW_MS)
    const count = async (column: 'email' | 'client_address', value: string) =>
      Number((await db.selectFrom('embedded_code_failures').select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).where('created_at', '>', since).executeTakeFirstOrThrow()).n)
    if ((await count('email', email)) >= FAILURES_PER_EMAIL_LIMIT || (await count('client_address', client)) >= FAILURES_PER_CLIENT_LIMIT) {
      throw new ApiError(429, 'too_many_attempts', 'Too many wrong codes; try again later', { headers: { 'Retry-After': String(FAILURE_WINDOW_MS / 1000) } })
    }
  }

  /** Creates a challenge, mails it, and removes it again when the mail cannot be sent (nothing half-written). */
  async function issueChallenge(challenge: Omit<EmbeddedTables['embedded_challenges'], 'id' | 'secret_hash' | 'attempts' | 'consumed_at' | 'created_at' | 'expires_at'>, ttlMs: number, mail: (secret: string) => Parameters<Mailer['send']>[0], secret: string) {
    const id = newId()
    await db
      .insertInto('embedded_challenges')
      .values({ ...challenge, id, secret_hash: challenge.purpose === 'device' ? sha256(secret) : codeHash(id, secret), expires_at: new Date(now().getTime() + ttlMs), created_at: now() })
      .execute()
    try {
      await mailer.send(mail(secret))
    } catch (error) {
      await db.deleteFrom('embedded_challenges').where('id', '=', id).execute()
      logger.error('embedded: could not send mail', { purpose: challenge.purpose, error: (error as Error).message })
      throw new ApiError(503, 'mail_unavailable', 'The email could not be sent; try again shortly')
    }
    logger.info('embedded: mail sent', { purpose: challenge.purpose })
  }

  /** Checks a code against the latest open challenge; counts failures per email and per client address. */
  async function checkCode(c: Context<AppEnv>, where: { email?: string; userId?: string; purpose: EmbeddedTables['embedded_challenges']['purpose']; deviceHash?: string }, otp: string) {
    const client = clientAddress(c)
    const email = where.email ?? ''
    await assertFailuresBelowLimits(email, client)
    let query = db.selectFrom('embedded_challenges').selectAll().where('purpose', '=', where.purpose).where('consumed_at', 'is', null)
    if (where.email) query = query.where('email', '=', where.email)
    if (where.userId) query = query.where('user_id', '=', where.userId)
    const challenge = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst()
    if (!challenge || challenge.expires_at.getTime() <= now().getTime()) throw badRequest('code_expired', 'The code has expired; request a new one')
    const right = sameHash(challenge.secret_hash, codeHash(challenge.id, otp)) && (!where.deviceHash || challenge.device_hash === where.deviceHash)
    if (!right) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('embedded_code_failures').values({ id: newId(), email: challenge.email, client_address: client, created_at: now() }).execute()
        const attempts = challenge.attempts + 1
        await trx
          .updateTable('embedded_challenges')
          .set({ attempts, ...(attempts >= CODE_ATTEMPTS_LIMIT ? { consumed_at: now() } : {}) })
          .where('id', '=', challenge.id)
          .execute()
      })
      if (challenge.attempts + 1 >= CODE_ATTEMPTS_LIMIT) throw new ApiError(429, 'too_many_attempts', 'Too many wrong codes for this code; request a new one')
      throw badRequest('invalid_code', 'The code is not right')
    }
    await db.updateTable('embedded_challenges').set({ consumed_at: now() }).where('id', '=', challenge.id).where('consumed_at', 'is', null).execute()
    return challenge
  }

  const userOut = (row: { id: string; email: string; address: string | null; auth_share: string | null }) => ({
    id: row.id,
    email: row.email,
    address: row.address,
    authShare: row.auth_share,
  })

  // ---- what the frame needs to know about the project and the chains -----------------------------
  app.get('/v1/embedded/config', frameProject, (c) => {
    const project = c.get('project')
    c.header('Cache-Control', 'no-store')
    return c.json({
      projectId: project.id,
      allowedOrigins: project.allowedOrigins,
      chains: config.chains.map(({ id, name, rpcUrl, nativeSymbol }) => ({ id, name, rpcUrl, nativeSymbol })),
    })
  })

  // ---- email login ---------------------------------------------------------------------------------
  app.post('/v1/embedded/email/start', frameProject, async (c) => {
    const { email, deviceId } = fields(c, { email: EMAIL_RE, deviceId: DEVICE_ID_RE })
    await assertNotLocked(email, ['login', 'device'])
    const deviceHash = sha256(deviceId)
    const user = await db.selectFrom('embedded_users').select(['id']).where('email', '=', email).executeTakeFirst()
    if (user) {
      const devices = await db.selectFrom('embedded_devices').select(['device_hash']).where('user_id', '=', user.id).execute()
      if (devices.length > 0 && !devices.some((d) => d.device_hash === deviceHash)) {
        const token = newToken()
        await issueChallenge({ purpose: 'device', email, user_id: user.id, device_hash: deviceHash, new_email: null }, DEVICE_LINK_TTL_MS, (t) => deviceApprovalMail(email, `${config.embedded.publicUrl}/v1/embedded/device/approve?token=${t}`), token)
        return c.json({ action: 'VERIFY_DEVICE' })
      }
    }
    await issueChallenge({ purpose: 'login', email, user_id: user?.id ?? null, device_hash: deviceHash, new_email: null }, codeTtlMs, (code) => loginCodeMail(email, code, Math.round(codeTtlMs / 60_000)), newCode())
    return c.json({ action: 'VERIFY_OTP' })
  })

  app.post('/v1/embedded/device/status', frameProject, async (c) => {
    const { email, deviceId } = fields(c, { email: EMAIL_RE, deviceId: DEVICE_ID_RE })
    const user = await db.selectFrom('embedded_users').select(['id']).where('email', '=', email).executeTakeFirst()
    const approved = user
      ? Boolean(await db.selectFrom('embedded_devices').select('user_id').where('user_id', '=', user.id).where('device_hash', '=', sha256(deviceId)).executeTakeFirst())
      : false
    return c.json({ approved })
  })

  // The link in the email: GET shows a button (mail scanners that prefetch links approve nothing), POST approves.
  app.get('/v1/embedded/device/approve', (c) => {
    const token = c.req.query('token') ?? ''
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return c.html(page('This link is not valid.'), 400)
    return c.html(
      page(
        'Approve the new device that is signing in to your Foyer wallet?',
        `<form method="post" action="/v1/embedded/device/approve"><input type="hidden" name="token" value="${token}"><button type="submit" data-testid="approve-device">Approve device</button></form>`,
      ),
    )
  })

  app.post('/v1/embedded/device/approve', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const token = typeof form.token === 'string' ? form.token : ''
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return c.html(page('This link is not valid.'), 400)
    const challenge = await db.selectFrom('embedded_challenges').selectAll().where('purpose', '=', 'device').where('secret_hash', '=', sha256(token)).executeTakeFirst()
    if (!challenge || challenge.consumed_at || challenge.expires_at.getTime() <= now().getTime() || !challenge.user_id || !challenge.device_hash) {
      return c.html(page('This link has expired or was already used. Start the sign-in again.'), 400)
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('embedded_challenges').set({ consumed_at: now() }).where('id', '=', challenge.id).execute()
      await trx.insertInto('embedded_devices').values({ user_id: challenge.user_id!, device_hash: challenge.device_hash!, approved_at: now() }).onConflict((oc) => oc.doNothing()).execute()
    })
    // The device is approved: the login code follows by email.
    await issueChallenge({ purpose: 'login', email: challenge.email, user_id: challenge.user_id, device_hash: challenge.device_hash, new_email: null }, codeTtlMs, (code) => loginCodeMail(challenge.email, code, Math.round(codeTtlMs / 60_000)), newCode())
    return c.html(page('Device approved. Go back to the site and enter the code we just emailed you.'))
  })

  app.post('/v1/embedded/email/verify', frameProject, async (c) => {
    const { email, deviceId, otp } = fields(c, { email: EMAIL_RE, deviceId: DEVICE_ID_RE, otp: OTP_RE })
    const deviceHash = sha256(deviceId)
    await checkCode(c, { email, purpose: 'login', deviceHash }, otp)
    const token = newToken()
    const user = await db.transaction().execute(async (trx) => {
      let row = await trx.selectFrom('embedded_users').selectAll().where('email', '=', email).executeTakeFirst()
      if (!row) {
        row = await trx.insertInto('embedded_users').values({ id: newId(), email, address: null, auth_share: null }).returningAll().executeTakeFirstOrThrow()
      }
      await trx.insertInto('embedded_devices').values({ user_id: row.id, device_hash: deviceHash, approved_at: now() }).onConflict((oc) => oc.doNothing()).execute()
      await trx.insertInto('embedded_sessions').values({ token_hash: sha256(token), user_id: row.id, device_hash: deviceHash, expires_at: new Date(now().getTime() + sessionTtlMs), revoked_at: null, created_at: now() }).execute()
      return row
    })
    logger.info('embedded: signed in')
    return c.json({ sessionToken: token, expiresAt: new Date(now().getTime() + sessionTtlMs).toISOString(), user: userOut(user) })
  })

  // ---- session and wallet --------------------------------------------------------------------------
  app.get('/v1/embedded/session', frameProject, async (c) => {
    const row = await session(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ user: userOut(row) })
  })

  app.post('/v1/embedded/wallet', frameProject, async (c) => {
    const row = await session(c)
    const { address, authShare } = fields(c, { address: ADDRESS_RE, authShare: AUTH_SHARE_RE })
    const updated = await db
      .updateTable('embedded_users')
      .set({ address: address.toLowerCase(), auth_share: authShare, updated_at: now() })
      .where('id', '=', row.id)
      .where('address', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!updated) throw new ApiError(409, 'wallet_exists', 'This user already has a wallet')
    await fundNewWallet(address)
    return c.json({ user: userOut(updated) })
  })

  app.post('/v1/embedded/sign-out', frameProject, async (c) => {
    const row = await session(c)
    await db.updateTable('embedded_sessions').set({ revoked_at: now() }).where('token_hash', '=', row.token_hash).execute()
    return c.json({ ok: true })
  })

  // ---- email update: a code to the current address, then one to the new address -------------------
  app.post('/v1/embedded/email/update', frameProject, async (c) => {
    const row = await session(c)
    const { email } = fields(c, { email: EMAIL_RE })
    if (email === row.email) throw badRequest('invalid_request', 'The new email is the current one')
    if (await db.selectFrom('embedded_users').select('id').where('email', '=', email).executeTakeFirst()) throw new ApiError(409, 'email_taken', 'This email is already in use')
    await assertNotLocked(row.email, ['update_primary'])
    await issueChallenge({ purpose: 'update_primary', email: row.email, user_id: row.id, device_hash: null, new_email: email }, codeTtlMs, (code) => updateEmailCodeMail(row.email, code, 'current'), newCode())
    return c.json({ action: 'VERIFY_PRIMARY_OTP' })
  })

  app.post('/v1/embedded/email/update/primary', frameProject, async (c) => {
    const row = await session(c)
    const { otp } = fields(c, { otp: OTP_RE })
    const challenge = await checkCode(c, { email: row.email, userId: row.id, purpose: 'update_primary' }, otp)
    const newEmail = challenge.new_email!
    await issueChallenge({ purpose: 'update_secondary', email: newEmail, user_id: row.id, device_hash: null, new_email: newEmail }, codeTtlMs, (code) => updateEmailCodeMail(newEmail, code, 'new'), newCode())
    return c.json({ action: 'VERIFY_SECONDARY_OTP' })
  })

  app.post('/v1/embedded/email/update/secondary', frameProject, async (c) => {
    const row = await session(c)
    const { otp } = fields(c, { otp: OTP_RE })
    const challenge = await checkCode(c, { userId: row.id, purpose: 'update_secondary' }, otp)
    const email = challenge.new_email!
    if (await db.selectFrom('embedded_users').select('id').where('email', '=', email).executeTakeFirst()) throw new ApiError(409, 'email_taken', 'This email is already in use')
    await db.updateTable('embedded_users').set({ email, updated_at: now() }).where('id', '=', row.id).execute()
    return c.json({ email })
  })

  async function fundNewWallet(address: string) {
    const { faucetUrl } = config.embedded
    if (!faucetUrl) return
    try {
      const response = await fetch(faucetUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address }), signal: AbortSignal.timeout(10_000) })
      if (!response.ok) logger.warn('embedded: faucet refused', { status: response.status })
    } catch (error) {
      logger.warn('embedded: faucet not reachable', { error: (error as Error).message })
    }
  }
}

const messages: Record<string, string> = {
  email: 'must be a valid email address',
  deviceId: 'must be 64 lowercase hex characters',
  otp: 'must be 6 digits',
  address: 'must be a 0x-prefixed 20-byte address',
  authShare: 'must be the auth share (02 followed by 64 hex characters)',
}

function page(message: string, extra = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Foyer</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:999px;border:0;background:#3b5bdb;color:#fff}</style></head><body><h1>Foyer</h1><p data-testid="device-message">${message}</p>${extra}</body></html>`
}
