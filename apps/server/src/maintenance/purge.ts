/**
 * Deletes what the embedded-wallet auth no longer needs, so its tables stay small: challenges expired or used
 * over a day ago, ended limit windows, expired or revoked sessions over a day old, expired devices, resend locks that
 * no longer lock anything, social sign-in flows expired over a day ago (a used one is deleted when used), and gas
 * sponsorship counts of past days. Runs on a timer inside the server process (every instance may run it: each
 * delete is idempotent); a run still going when the next is due is skipped, not stacked.
 */
import { EMAIL_RESEND_LOCK_MS } from '@foyer/core/internal'
import type { Kysely } from 'kysely'
import type { FoyerDatabase } from '../db/index.ts'
import { FAILURE_WINDOW_MS } from '../embedded/challenges.ts'
import type { EmbeddedTables } from '../embedded/embeddedTables.ts'
import { createDatabaseCounterStore } from '../limits/counters.ts'
import type { Logger } from '../log.ts'
import { purgeSiwe } from '../siwe/siwePurge.ts'
import { SponsorshipStore, utcDay } from '../sponsorship/sponsorshipStore.ts'

const DAY_MS = 24 * 60 * 60 * 1000
export const PURGE_INTERVAL_MS = 10 * 60 * 1000

export interface PurgeCounts {
  challenges: number
  codeFailures: number
  counters: number
  sessions: number
  devices: number
  emailLocks: number
  socialFlows: number
  sponsorshipDays: number
}

/** One purge pass at `now`; returns how many rows each kind lost. */
export async function purgeExpired(database: FoyerDatabase, now: Date = new Date()): Promise<PurgeCounts> {
  const db = database.kysely.withTables<EmbeddedTables>() as unknown as Kysely<EmbeddedTables>
  const dayAgo = new Date(now.getTime() - DAY_MS)
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows)
  return {
    challenges: deleted(
      await db
        .deleteFrom('embedded_challenges')
        .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('consumed_at', '<', dayAgo)]))
        .executeTakeFirst(),
    ),
    codeFailures: deleted(
      await db
        .deleteFrom('embedded_code_failures')
        .where('created_at', '<', new Date(now.getTime() - FAILURE_WINDOW_MS))
        .executeTakeFirst(),
    ),
    counters: await createDatabaseCounterStore(database, () => now).purgeExpired(now),
    sessions: deleted(
      await db
        .deleteFrom('embedded_sessions')
        .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
        .executeTakeFirst(),
    ),
    devices: deleted(await db.deleteFrom('embedded_devices').where('expires_at', '<', now).executeTakeFirst()),
    emailLocks: deleted(
      await db
        .deleteFrom('embedded_email_locks')
        .where('last_sent_at', '<', new Date(now.getTime() - EMAIL_RESEND_LOCK_MS))
        .executeTakeFirst(),
    ),
    // Kept a day after they expire, so the frame's last polls still read "expired" rather than "not found".
    socialFlows: deleted(
      await db.deleteFrom('embedded_social_flows').where('expires_at', '<', dayAgo).executeTakeFirst(),
    ),
    // Sponsorship counts of days before yesterday (UTC): the limits read only today's.
    sponsorshipDays: await new SponsorshipStore(database.kysely).purgeBefore(utcDay(dayAgo.getTime())),
  }
}

export interface PurgeTimer {
  /** Resolves once the current run (if any) has finished; no run starts afterwards. */
  stop(): Promise<void>
}

/** Runs `purgeExpired` every `intervalMs` (unref'd: it never keeps the process alive). */
export function startPurgeTimer(
  database: FoyerDatabase,
  logger: Logger,
  intervalMs = PURGE_INTERVAL_MS,
  run: () => Promise<unknown> = () => runAndLog(database, logger),
): PurgeTimer {
  let running: Promise<unknown> | undefined
  let stopped = false
  const tick = () => {
    if (stopped || running) return // the previous run is still going: skip this one
    running = run()
      .catch((error: Error) => logger.warn('purge failed', { error: error.message }))
      .finally(() => (running = undefined))
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

async function runAndLog(database: FoyerDatabase, logger: Logger) {
  const counts = { ...(await purgeExpired(database)), ...(await purgeSiwe(database)) }
  if (Object.values(counts).some((n) => n > 0)) logger.info('purged expired auth data', { ...counts })
}
