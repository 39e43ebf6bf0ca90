/**
 * What every embedded-wallet route module shares: the typed database, settings, the mailer, the counter store,
 * the clock, request-body fields and the session check.
 */
import {
  EMAIL_MESSAGE,
  type EmbeddedLogin,
  type EmbeddedUser,
  LOGIN_PROVIDERS,
  type LoginProvider,
} from '@foyer/core/protocol'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { invalidRequest, unauthorized } from '../http/errors.ts'
import type { CounterStore } from '../limits/counters.ts'
import type { Logger } from '../log.ts'
import { normalizeEmail } from './emailAddress.ts'
import type { EmbeddedTables } from './embeddedTables.ts'
import type { Mailer } from './mailer.ts'
import { sha256 } from './secrets.ts'

export type EmbeddedDb = Kysely<EmbeddedTables>
export type ChallengePurpose = EmbeddedTables['embedded_challenges']['purpose']

export interface EmbeddedContext {
  db: EmbeddedDb
  config: ServerConfig
  mailer: Mailer
  logger: Logger
  counters: CounterStore
  now: () => Date
}

/**
 * A body its route's schema has checked, once its email (when it has one) also reads as that one mailbox to the
 * mailer's own parser (see emailAddress.ts); else 400 `invalid_request`.
 */
export function withMailerEmail<Body>(body: Body): Body {
  const email = (body as { email?: unknown } | undefined)?.email
  if (typeof email === 'string' && normalizeEmail(email) !== email)
    throw invalidRequest([{ path: 'email', message: EMAIL_MESSAGE }])
  return body
}

export type SessionRow = Awaited<ReturnType<typeof requireSession>>

/**
 * The signed-in user behind `Authorization: Bearer <session token>`; 401 when missing, revoked or expired, when it
 * was signed in for another project than the request's (`frameProject` has set it), or when its device has expired
 * or was removed (one query: no moment where the device is gone but the session still works).
 */
export async function requireSession(ctx: EmbeddedContext, c: Context<AppEnv>) {
  const token = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(c.req.header('authorization') ?? '')?.[1]
  if (!token) throw unauthorized('unauthorized', 'Sign in first')
  const now = ctx.now()
  const row = await ctx.db
    .selectFrom('embedded_sessions')
    .innerJoin('embedded_users', 'embedded_users.id', 'embedded_sessions.user_id')
    .innerJoin('embedded_devices', (join) =>
      join
        .onRef('embedded_devices.user_id', '=', 'embedded_sessions.user_id')
        .onRef('embedded_devices.device_hash', '=', 'embedded_sessions.device_hash')
        .on('embedded_devices.expires_at', '>', now),
    )
    // The identity a social sign-in made this session with (none for an email code).
    .leftJoin('embedded_identities', (join) =>
      join
        .onRef('embedded_identities.provider', '=', 'embedded_sessions.login_provider')
        .onRef('embedded_identities.subject', '=', 'embedded_sessions.login_subject'),
    )
    .select([
      'embedded_sessions.token_hash',
      'embedded_sessions.device_hash',
      'embedded_sessions.expires_at',
      'embedded_sessions.revoked_at',
      'embedded_sessions.login_provider',
      'embedded_sessions.login_subject',
      'embedded_identities.username as login_username',
      'embedded_identities.display_name as login_display_name',
      'embedded_identities.avatar_url as login_avatar_url',
      'embedded_users.id',
      'embedded_users.email',
      'embedded_users.address',
      'embedded_users.auth_share',
    ])
    .where('embedded_sessions.token_hash', '=', sha256(token))
    .where('embedded_sessions.project_id', '=', c.get('project').id)
    .executeTakeFirst()
  if (!row || row.revoked_at || row.expires_at.getTime() <= now.getTime())
    throw unauthorized('unauthorized', 'The session has ended; sign in again')
  return row
}

/** What a session row says of the identity it signed in with (all null for an email code). */
export type LoginColumns = {
  login_provider?: string | null
  login_subject?: string | null
  login_username?: string | null
  login_display_name?: string | null
  login_avatar_url?: string | null
}

/** The session's social identity as the frame shows it; null for a session an email code made. */
export function loginOut(row: LoginColumns): EmbeddedLogin | null {
  const provider = row.login_provider
  if (!provider || !(LOGIN_PROVIDERS as readonly string[]).includes(provider)) return null
  const fid = provider === 'farcaster' && /^\d{1,15}$/.test(row.login_subject ?? '') ? Number(row.login_subject) : null
  return {
    provider: provider as LoginProvider,
    username: row.login_username ?? null,
    displayName: row.login_display_name ?? null,
    avatarUrl: row.login_avatar_url ?? null,
    fid,
  }
}

export const userOut = (
  row: {
    id: string
    email: string | null
    address: string | null
    auth_share: string | null
  } & LoginColumns,
): EmbeddedUser => ({
  id: row.id,
  email: row.email,
  address: row.address,
  authShare: row.auth_share,
  login: loginOut(row),
})

/** Approves a device for a user (or refreshes it): approved devices expire `deviceTtlMs` after their last use. */
export async function approveDevice(db: EmbeddedDb, ctx: EmbeddedContext, userId: string, deviceHash: string) {
  const at = ctx.now()
  const expires = new Date(at.getTime() + ctx.config.embedded.deviceTtlMs)
  await db
    .insertInto('embedded_devices')
    .values({ user_id: userId, device_hash: deviceHash, approved_at: at, last_used_at: at, expires_at: expires })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_used_at: at, expires_at: expires }))
    .execute()
}
