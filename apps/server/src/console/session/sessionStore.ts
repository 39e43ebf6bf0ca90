/**
 * Operator sessions: an opaque random token in the cookie, only its SHA-256 in `operator_sessions`. A session lasts
 * SESSION_IDLE_MS after its last use (every signed-in request slides it) and never longer than SESSION_MAX_MS after
 * sign-in, so a stolen cookie stops working after 12 idle hours and at the latest a week after sign-in.
 */
import { sql } from 'kysely'
import { newToken, sha256 } from '../../embedded/secrets.ts'
import type { ConsoleDb } from '../consoleTables.ts'
import type { Operator } from '../operators/operatorStore.ts'

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000

/** A session token as the cookie carries it: 32 random bytes, base64url. */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Starts a session for the operator; returns the token to set in the cookie. */
export async function createSession(db: ConsoleDb, operatorId: string, now: Date): Promise<string> {
  const token = newToken()
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_IDLE_MS),
    })
    .execute()
  return token
}

/**
 * The operator signed in with `token`, sliding the session's expiry in the same statement; undefined when the token
 * names no live session (never issued, signed out, expired, or its operator removed).
 */
export async function continueSession(db: ConsoleDb, token: string, now: Date): Promise<Operator | undefined> {
  if (!SESSION_TOKEN.test(token)) return undefined
  const idle = new Date(now.getTime() + SESSION_IDLE_MS)
  const maxSeconds = SESSION_MAX_MS / 1000
  return db
    .updateTable('operator_sessions')
    .from('operators')
    .set({
      last_seen_at: now,
      expires_at: sql`least(${idle}::timestamptz, operator_sessions.created_at + make_interval(secs => ${maxSeconds}))`,
    })
    .whereRef('operators.id', '=', 'operator_sessions.operator_id')
    .where('operator_sessions.token_hash', '=', sha256(token))
    .where('operator_sessions.expires_at', '>', now)
    .returning(['operators.id', 'operators.email'])
    .executeTakeFirst()
}

/** Ends the session (sign-out). */
export async function endSession(db: ConsoleDb, token: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', sha256(token)).execute()
}
