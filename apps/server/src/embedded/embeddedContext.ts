/**
 * What every embedded-wallet route module shares: the typed database, settings, the mailer, the counter store,
 * the clock, request-body fields and the session check.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { type Issue, invalidRequest, unauthorized } from '../http/errors.ts'
import type { CounterStore } from '../limits/counters.ts'
import type { Logger } from '../log.ts'
import { isPlainObject } from '../projects/model.ts'
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

/** One body field: a check that returns the normalised value, or undefined when the value is not acceptable. */
type Field = { check: (value: unknown) => string | undefined; message: string }
const pattern = (re: RegExp, message: string): Field => ({
  check: (v) => (typeof v === 'string' && re.test(v) ? v : undefined),
  message,
})

export const FIELDS = {
  email: { check: normalizeEmail, message: 'must be one plain email address (name@example.com)' },
  deviceId: pattern(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters'),
  otp: pattern(/^\d{6}$/, 'must be 6 digits'),
  address: pattern(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address'),
  authShare: pattern(
    /^(?!00)[0-9a-f]{66}$/,
    'must be the auth share: its x coordinate (a nonzero byte) then 32 bytes, as 66 lowercase hex characters',
  ),
  signature: pattern(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte 0x-prefixed signature'),
  id: pattern(/^[0-9a-f]{64}$/, 'must be a device id from /v1/embedded/devices'),
} satisfies Record<string, Field>

/** Reads exactly the named fields from the JSON body (projectId aside); every problem is listed in one 400. */
export function readFields<K extends keyof typeof FIELDS>(
  c: Context<AppEnv>,
  names: K[],
  optional: Record<string, (v: unknown) => boolean> = {},
): Record<K, string> {
  const body = c.get('body')
  if (!isPlainObject(body)) throw invalidRequest([{ path: '', message: 'expected a JSON object body' }])
  const issues: Issue[] = []
  const out = {} as Record<K, string>
  for (const name of names) {
    const value = FIELDS[name].check(body[name])
    if (value === undefined) issues.push({ path: name, message: FIELDS[name].message })
    else out[name] = value
  }
  for (const [key, valid] of Object.entries(optional))
    if (key in body && !valid(body[key])) issues.push({ path: key, message: 'is malformed' })
  for (const key of Object.keys(body))
    if (key !== 'projectId' && !(names as string[]).includes(key) && !(key in optional))
      issues.push({ path: key, message: 'is not a known field' })
  if (issues.length) throw invalidRequest(issues)
  return out
}

export type SessionRow = Awaited<ReturnType<typeof requireSession>>

/**
 * The signed-in user behind `Authorization: Bearer <session token>`; 401 when missing, revoked or expired, or when
 * its device has expired or was removed (one query: no moment where the device is gone but the session still works).
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
    .executeTakeFirst()
  if (!row || row.revoked_at || row.expires_at.getTime() <= now.getTime())
    throw unauthorized('unauthorized', 'The session has ended; sign in again')
  return row
}

export const userOut = (row: { id: string; email: string; address: string | null; auth_share: string | null }) => ({
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
