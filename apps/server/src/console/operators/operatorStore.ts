/**
 * The operators table: adding, listing and removing operators (the command line and FOYER_CONSOLE_OPERATORS), and
 * the password-attempt bookkeeping of the sign-in. Every limit here is one conditional statement, so it holds when
 * the same request arrives 100 times at once on a pooled Postgres.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { normalizeEmail } from '../../embedded/emailAddress.ts'
import type { ConsoleDb } from '../consoleTables.ts'

/** Consecutive wrong passwords that lock an operator… */
export const LOCKOUT_ATTEMPTS = 5
/** …for this long (then the count starts over). */
export const LOCKOUT_MS = 15 * 60 * 1000

export interface Operator {
  id: string
  email: string
}

export interface OperatorListing extends Operator {
  hasPassword: boolean
  lockedUntil: Date | null
  createdAt: Date
}

/** An operator's address as stored: one plain address, case-folded; undefined when the input is not one. */
export const operatorEmail = (input: unknown): string | undefined => normalizeEmail(input)

export class OperatorExistsError extends Error {
  constructor(readonly email: string) {
    super(`An operator with the address ${email} already exists`)
    this.name = 'OperatorExistsError'
  }
}

/** Adds an operator (`passwordHash` null: link sign-in only); OperatorExistsError when the address is taken. */
export async function addOperator(db: ConsoleDb, email: string, passwordHash: string | null): Promise<Operator> {
  const row = await db
    .insertInto('operators')
    .values({ id: randomUUID(), email, password_hash: passwordHash, locked_until: null, link_sent_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst()
  if (!row) throw new OperatorExistsError(email)
  return row
}

/** Adds each operator that does not exist yet; existing ones (and their passwords) are left as they are. Returns the addresses added. */
export async function ensureOperators(
  db: ConsoleDb,
  operators: readonly { email: string; passwordHash?: string }[],
): Promise<string[]> {
  if (operators.length === 0) return []
  const rows = await db
    .insertInto('operators')
    .values(
      operators.map((o) => ({
        id: randomUUID(),
        email: o.email,
        password_hash: o.passwordHash ?? null,
        locked_until: null,
        link_sent_at: null,
      })),
    )
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('email')
    .execute()
  return rows.map((r) => r.email)
}

export async function listOperators(db: ConsoleDb): Promise<OperatorListing[]> {
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'email', 'password_hash', 'locked_until', 'created_at'])
    .orderBy('email')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    hasPassword: r.password_hash !== null,
    lockedUntil: r.locked_until,
    createdAt: r.created_at,
  }))
}

/** Removes an operator with its sessions and links (cascade); whether there was one. */
export async function removeOperator(db: ConsoleDb, email: string): Promise<boolean> {
  const row = await db.deleteFrom('operators').where('email', '=', email).returning('id').executeTakeFirst()
  return row !== undefined
}

export type PasswordAttempt =
  | { kind: 'attempt'; operator: Operator; passwordHash: string | null; attempts: number }
  | { kind: 'locked'; until: Date }
  | { kind: 'unknown' }

/**
 * Takes one password attempt for `email` BEFORE the password is compared, in one conditional update: it succeeds
 * only while the operator is not locked, counts the attempt, and the attempt that reaches LOCKOUT_ATTEMPTS sets the
 * lock in the same statement. Parallel requests queue on the row's lock and each re-checks the condition, so at most
 * LOCKOUT_ATTEMPTS passwords are ever compared per lockout period. A lock that has run out starts the count over.
 * A right password then clears the count (`clearAttempts`).
 */
export async function takePasswordAttempt(db: ConsoleDb, email: string, now: Date): Promise<PasswordAttempt> {
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MS)
  const expired = sql<boolean>`(locked_until is not null and locked_until <= ${now})`
  const taken = await db
    .updateTable('operators')
    .set({
      failed_attempts: sql`case when ${expired} then 1 else failed_attempts + 1 end`,
      locked_until: sql`case when not ${expired} and failed_attempts + 1 >= ${LOCKOUT_ATTEMPTS} then ${lockedUntil}::timestamptz else null end`,
    })
    .where('email', '=', email)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['id', 'email', 'password_hash', 'failed_attempts'])
    .executeTakeFirst()
  if (taken)
    return {
      kind: 'attempt',
      operator: { id: taken.id, email: taken.email },
      passwordHash: taken.password_hash,
      attempts: taken.failed_attempts,
    }
  const row = await db.selectFrom('operators').select('locked_until').where('email', '=', email).executeTakeFirst()
  if (row?.locked_until && row.locked_until > now) return { kind: 'locked', until: row.locked_until }
  return { kind: 'unknown' }
}

/** After a right password or a used sign-in link: the count of wrong passwords starts over and any lock is lifted. */
export async function clearAttempts(db: ConsoleDb, operatorId: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ failed_attempts: 0, locked_until: null })
    .where('id', '=', operatorId)
    .execute()
}

/**
 * Takes the operator's sign-in-link send slot: one conditional update that succeeds only when no link was mailed to
 * this operator in the last `intervalMs`. Undefined when the address is no operator's or a link went out too recently.
 */
export async function takeLinkSendSlot(
  db: ConsoleDb,
  email: string,
  now: Date,
  intervalMs: number,
): Promise<Operator | undefined> {
  return db
    .updateTable('operators')
    .set({ link_sent_at: now })
    .where('email', '=', email)
    .where((eb) =>
      eb.or([eb('link_sent_at', 'is', null), eb('link_sent_at', '<=', new Date(now.getTime() - intervalMs))]),
    )
    .returning(['id', 'email'])
    .executeTakeFirst()
}

/** Gives the slot back when the mail could not be sent (only if no later request took it since). */
export async function releaseLinkSendSlot(db: ConsoleDb, operatorId: string, takenAt: Date): Promise<void> {
  await db
    .updateTable('operators')
    .set({ link_sent_at: null })
    .where('id', '=', operatorId)
    .where('link_sent_at', '=', takenAt)
    .execute()
}
