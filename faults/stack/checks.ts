/**
 * The database after a fault, read with SQL: everything the server answered as written is there exactly once, and
 * nothing is half-written (a name without its history row, a session without its user, a purchase in a status no
 * applied event gave it).
 */
import { type Ledger, PURCHASE_PROGRESSION } from './flows.ts'
import { ONRAMP_PROVIDER } from './index.ts'
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

  // Purchases: each answered one stored once, in the status of the last event applied to it (none: `created`);
  // one final status applied at most (exactly one when its final event was acknowledged); every acknowledged event
  // stored once and applied once (each is the next status in turn); no status applied twice to a purchase.
  const ids = ledger.purchases.map((p) => p.id)
  expectOnce('purchase', ids, await counted('onramp_purchases', 'id', ids))
  const FINAL = PURCHASE_PROGRESSION.at(-1)!
  const purchases = await db.query<{ id: string; status: string; last_applied: string | null; finals: string }>(
    `select p.id::text, p.status,
       (select e.status from onramp_webhook_events e where e.purchase_id = p.id and e.applied
         order by e.received_at desc limit 1) as last_applied,
       (select count(*) from onramp_webhook_events e where e.purchase_id = p.id and e.applied and e.status = $2)
         as finals
     from onramp_purchases p where p.id::text = any($1)`,
    [ids, FINAL],
  )
  const byId = new Map(purchases.map((p) => [p.id, p]))
  for (const p of ledger.purchases) {
    const row = byId.get(p.id)
    if (!row) continue
    if (row.status !== (row.last_applied ?? 'created'))
      halfWritten.push(`purchase ${p.id} in status ${row.status}, its last applied event ${row.last_applied}`)
    const finals = Number(row.finals)
    if (finals > 1) doubled.push(`final status of purchase ${p.id} ×${finals}`)
    if (finals === 0 && p.acknowledged.some((a) => a.status === FINAL))
      lost.push(`final status of purchase ${p.id} (acknowledged, not applied)`)
  }
  const acknowledged = ledger.purchases.flatMap((p) => p.acknowledged.map((a) => a.eventId))
  const events = await db.query<{ event_id: string; n: string; applied: string }>(
    `select event_id, count(*) as n, count(*) filter (where applied) as applied from onramp_webhook_events
     where provider = $1 and event_id = any($2) group by event_id`,
    [ONRAMP_PROVIDER, acknowledged],
  )
  const stored = new Map(events.map((e) => [e.event_id, e]))
  expectOnce('webhook event', acknowledged, new Map(events.map((e) => [e.event_id, Number(e.n)])))
  for (const id of acknowledged)
    if (stored.has(id) && Number(stored.get(id)!.applied) === 0) lost.push(`webhook event ${id} stored, not applied`)
  const twiceApplied = await db.query<{ purchase_id: string; status: string; n: string }>(
    `select purchase_id::text, status, count(*) as n from onramp_webhook_events
     where applied and purchase_id::text = any($1) group by 1, 2 having count(*) > 1`,
    [ids],
  )
  for (const r of twiceApplied) doubled.push(`${r.status} applied to purchase ${r.purchase_id} ×${r.n}`)
  return { lost, doubled, halfWritten }
}
