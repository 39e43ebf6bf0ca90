import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { silentLogger } from '../log.ts'
import { describeEachBackend } from '../test/eachBackend.ts'
import { purgeExpired, startPurgeTimer } from './purge.ts'

const NOW = new Date('2030-06-01T12:00:00Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms)
const later = (ms: number) => new Date(NOW.getTime() + ms)
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

await describeEachBackend('purge.test.ts', (t) => {
  it('deletes what has ended and keeps what still counts', async () => {
    const db = t.database.kysely
    await sql`insert into embedded_users (id, email) values ('u1', 'u1@example.com')`.execute(db)
    const challenge = (id: string, expires: Date, consumed: Date | null) =>
      sql`insert into embedded_challenges (id, purpose, email, secret_hash, expires_at, consumed_at) values (${id}, 'login', 'u1@example.com', 'h', ${expires}, ${consumed})`.execute(
        db,
      )
    await challenge('expired-long-ago', ago(DAY + MIN), null)
    await challenge('consumed-long-ago', later(DAY), ago(DAY + MIN))
    await challenge('expired-recently', ago(HOUR), null) // kept a day: "code expired" answers stay right
    await challenge('open', later(5 * MIN), null)
    await sql`insert into embedded_code_failures (id, email, client_address, created_at) values ('f-old', 'x', 'y', ${ago(16 * MIN)}), ('f-new', 'x', 'y', ${ago(MIN)})`.execute(
      db,
    )
    await sql`insert into rate_counters (key, window_start, count, expires_at) values ('k', ${ago(2 * HOUR)}, 3, ${ago(HOUR)}), ('k', ${ago(MIN)}, 1, ${later(MIN)})`.execute(
      db,
    )
    const session = (hash: string, expires: Date, revoked: Date | null) =>
      sql`insert into embedded_sessions (token_hash, user_id, device_hash, expires_at, revoked_at) values (${hash}, 'u1', 'd', ${expires}, ${revoked})`.execute(
        db,
      )
    await session('s-expired-long-ago', ago(DAY + MIN), null)
    await session('s-revoked-long-ago', later(DAY), ago(DAY + MIN))
    await session('s-revoked-recently', later(DAY), ago(MIN))
    await session('s-live', later(DAY), null)
    await sql`insert into embedded_devices (user_id, device_hash, expires_at) values ('u1', 'd-expired', ${ago(MIN)}), ('u1', 'd-live', ${later(DAY)})`.execute(
      db,
    )
    await sql`insert into embedded_email_locks (email, last_sent_at) values ('old@example.com', ${ago(MIN)}), ('new@example.com', ${ago(10_000)})`.execute(
      db,
    )
    const flow = (id: string, expires: Date) =>
      sql`insert into embedded_social_flows (id, token_hash, project_id, provider, device_hash, expires_at) values (${id}, ${id}, 'p', 'google', 'd', ${expires})`.execute(
        db,
      )
    await flow('flow-expired-long-ago', ago(DAY + MIN))
    await flow('flow-expired-recently', ago(MIN)) // kept a day: its last polls still read "expired"
    await flow('flow-live', later(5 * MIN))
    const usage = (day: string) =>
      sql`insert into sponsorship_usage (project_id, chain_id, account, day, operations, gas_wei) values ('p', 1, ${`0x${'0'.repeat(40)}`}, ${day}, 1, 10)`.execute(
        db,
      )
    const dayOf = (d: Date) => d.toISOString().slice(0, 10)
    await usage(dayOf(ago(2 * DAY)))
    await usage(dayOf(ago(DAY)))
    await usage(dayOf(NOW))

    expect(await purgeExpired(t.database, NOW)).toEqual({
      challenges: 2,
      codeFailures: 1,
      counters: 1,
      sessions: 2,
      devices: 1,
      emailLocks: 1,
      socialFlows: 1,
      sponsorshipDays: 1,
    })
    const ids = async (query: string) =>
      (await sql<{ id: string }>`${sql.raw(query)}`.execute(db)).rows.map((r) => r.id).sort()
    expect(await ids('select id from embedded_challenges')).toEqual(['expired-recently', 'open'])
    expect(await ids('select id from embedded_code_failures')).toEqual(['f-new'])
    expect(await ids('select token_hash as id from embedded_sessions')).toEqual(['s-live', 's-revoked-recently'])
    expect(await ids('select device_hash as id from embedded_devices')).toEqual(['d-live'])
    expect(await ids('select email as id from embedded_email_locks')).toEqual(['new@example.com'])
    expect(await ids('select count::text as id from rate_counters')).toEqual(['1'])
    expect(await ids('select id from embedded_social_flows')).toEqual(['flow-expired-recently', 'flow-live'])
    expect(await ids('select day::text as id from sponsorship_usage')).toEqual([dayOf(ago(DAY)), dayOf(NOW)])
    expect(await purgeExpired(t.database, NOW)).toEqual({
      challenges: 0,
      codeFailures: 0,
      counters: 0,
      sessions: 0,
      devices: 0,
      emailLocks: 0,
      socialFlows: 0,
      sponsorshipDays: 0,
    })
  })

  it('runs on a timer, skips a run while the last one is still going, and stops cleanly', async () => {
    let started = 0
    let finished = 0
    const timer = startPurgeTimer(t.database, silentLogger, 10, async () => {
      started++
      await new Promise((resolve) => setTimeout(resolve, 55))
      finished++
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    await timer.stop()
    const after = started
    expect(started).toBeGreaterThanOrEqual(2)
    expect(started).toBeLessThanOrEqual(4) // ~20 ticks, but only one run at a time
    expect(finished).toBe(started) // stop() waited for the run in progress
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(started).toBe(after)
  })
})
