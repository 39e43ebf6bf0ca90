/**
 * What every embedded-wallet route module shares: the typed database, settings, the mailer, the counter store,
 * the clock, request-body fields and the session check.
 */
import { EMAIL_MESSAGE } from '@foyer/core/protocol'
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
    .select([
      'embedded_sessions.token_hash',
      'embedded_sessions.device_hash',
      'embedded_sessions.expires_at',
      'embedded_sessions.revoked_at',
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

export const userOut = (row: {
  id: string
  email: string | null
  address: string | null
  auth_share: string | null
}) => ({
  id: row.id,
  email: row.email,
  address: row.address,
  authShare: row.auth_share,
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
