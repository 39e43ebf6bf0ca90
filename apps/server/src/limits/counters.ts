/**
 * Fixed-window counters for limits and quotas, shared by every server instance through the database.
 * One hit is ONE statement (an upsert that adds and returns the new count), so 100 requests arriving at once
 * get 100 distinct counts and exactly the first N are under a limit of N — no read-then-write race.
 * The same interface has a Redis implementation (redisCounters.ts).
 */
import { sql } from 'kysely'
import type { FoyerDatabase } from '../db/index.ts'

export interface CounterStore {
  /** Atomically adds `amount` (default 1) to `key` in the fixed window of `windowMs` containing now; returns the count after adding and when the window ends. */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetAt: Date }>
  /**
   * Takes back `amount` (default 1) of what was added to `key` in the window that contains `at`: for a hit whose
   * work did not happen (a mail that could not be sent). One atomic statement; never below 0, and nothing when the
   * window is gone.
   */
  unhit(key: string, windowMs: number, at: Date, amount?: number): Promise<void>
  /** Deletes windows that ended before `before`; returns how many. */
  purgeExpired(before: Date): Promise<number>
}

/** The fixed window of `windowMs` that contains `at` (windows are aligned to the Unix epoch). */
export function windowOf(at: Date, windowMs: number): { start: Date; end: Date } {
  if (!Number.isSafeInteger(windowMs) || windowMs <= 0) throw new RangeError('windowMs must be a positive integer')
  const start = Math.floor(at.getTime() / windowMs) * windowMs
  return { start: new Date(start), end: new Date(start + windowMs) }
}

/**
 * Counters in the `rate_counters` table (migration 0004). Keys are the caller's: put the limit's name in the key
 * (e.g. `email-send:client:1.2.3.4`) so two limits never share a row.
 */
export function createDatabaseCounterStore(db: FoyerDatabase, now: () => Date = () => new Date()): CounterStore {
  return {
    async hit(key, windowMs, amount = 1) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError('amount must be a positive integer')
      const { start, end } = windowOf(now(), windowMs)
      const result = await sql<{ count: number }>`
        insert into rate_counters (key, window_start, count, expires_at)
        values (${key}, ${start}, ${amount}, ${end})
        on conflict (key, window_start) do update set count = rate_counters.count + excluded.count
        returning count`.execute(db.kysely)
      return { count: Number(result.rows[0]!.count), resetAt: end }
    },
    async unhit(key, windowMs, at, amount = 1) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError('amount must be a positive integer')
      const { start } = windowOf(at, windowMs)
      await sql`update rate_counters set count = greatest(count - ${amount}, 0)
        where key = ${key} and window_start = ${start}`.execute(db.kysely)
    },
    async purgeExpired(before) {
      const result = await sql`delete from rate_counters where expires_at < ${before}`.execute(db.kysely)
      return Number(result.numAffectedRows ?? 0n)
    },
  }
}
