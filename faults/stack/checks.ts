/**
 * The database after a fault, read with SQL: everything the server answered as written is there exactly once, and
 * nothing is half-written (a name without its history row, a session without its user).
 */
import type { Ledger } from './flows.ts'
import type { PrivatePostgres } from './postgres.ts'

export interface LedgerReport {
  /** Answered as written but not in the database. */
  lost: string[]
  /** In the database more than once. */
  doubled: string[]
  /** Rows without the rows they belong with. */
  halfWritten: string[]
}

export async function checkLedger(db: PrivatePostgres, ledger: Ledger): Promise<LedgerReport> {
  const lost: string[] = []
  const doubled: string[] = []
  const halfWritten: string[] = []
  const counted = async (table: string, column: string, keys: string[]) => {
    if (keys.length === 0) return new Map<string, number>()
    const rows = await db.query<{ key: string; n: string }>(
      `select ${column}::text as key, count(*) as n from ${table} where ${column}::text = any($1) group by 1`,
      [keys],
    )
    return new Map(rows.map((r) => [r.key, Number(r.n)]))
  }
  const expectOnce = (what: string, keys: string[], found: Map<string, number>) => {
    for (const k of keys) {
      const n = found.get(k) ?? 0
      if (n === 0) lost.push(`${what} ${k}`)
      if (n > 1) doubled.push(`${what} ${k} ×${n}`)
    }
  }
  const emailHashes = ledger.emailSessions.map((s) => s.tokenHash)
  expectOnce('embedded session', emailHashes, await counted('embedded_sessions', 'token_hash', emailHashes))
  const siweHashes = ledger.siweSessions.map((s) => s.tokenHash)
  expectOnce('siwe session', siweHashes, await counted('siwe_sessions', 'token_sha256', siweHashes))
  const names = ledger.names.map((n) => n.name)
  expectOnce('name', names, await counted('account_names', 'name', names))
  expectOnce('analytics event', ledger.analytics, await counted('analytics_events', 'event_id', ledger.analytics))

  // Each login of the run made one user and at most one session (a login is one email, one device, one verify).
  const perUser = await db.query<{ email: string; n: string }>(
    `select u.email, count(s.token_hash) as n from embedded_users u left join embedded_sessions s on s.user_id = u.id
     where u.email like 'fault-%' group by u.email having count(s.token_hash) > 1`,
  )
  for (const r of perUser) doubled.push(`sessions of ${r.email} ×${r.n}`)
  // A name and its history are written together.
  const orphanNames = await db.query<{ name: string }>(
    `select n.name from account_names n where not exists (select 1 from account_name_history h where h.name = n.name)`,
  )
  for (const r of orphanNames) halfWritten.push(`name ${r.name} without history`)
  const orphanHistory = await db.query<{ name: string; n: string }>(
    `select h.name, count(*) as n from account_name_history h where not exists
       (select 1 from account_names n where n.name = h.name) group by h.name`,
  )
  for (const r of orphanHistory) halfWritten.push(`history of ${r.name} without the name`)
  const twiceRegistered = await db.query<{ name: string; n: string }>(
    `select name, count(*) as n from account_name_history group by name having count(*) > 1`,
  )
  for (const r of twiceRegistered) doubled.push(`history of ${r.name} ×${r.n}`)
  return { lost, doubled, halfWritten }
}
