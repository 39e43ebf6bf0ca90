import { sql } from 'kysely'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { AnalyticsReport } from '../contract.ts'
import { bucketOf, bucketSeries, inWindow, type ReportWindow } from './reportWindow.ts'

/**
 * The connect funnel per bucket, every bucket of the window present, oldest first. A visit (one tab session's visit
 * id) belongs to the bucket of its first MODAL_OPEN in the window, so the buckets' `opened` add up to the totals'
 * visitors; `methodChosen` is those of them with a SELECT_WALLET in the window, `connected` those of these with a
 * CONNECT_SUCCESS in the window. Events without a visit id are left out: nothing ties such an open to its connect.
 */
export async function reportFunnel(db: AnalyticsDb, w: ReportWindow): Promise<AnalyticsReport['funnel']> {
  const { rows } = await sql<{ at: Date; opened: number; methodChosen: number; connected: number }>`
    with visits as (
      select
        min(received_at) filter (where event = 'MODAL_OPEN') as opened_at,
        bool_or(event = 'SELECT_WALLET') as chose,
        bool_or(event = 'CONNECT_SUCCESS') as connected
      from analytics_events
      where ${inWindow(w)}
        and event in ('MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS')
        and visit_id is not null
      group by visit_id
    ),
    placed as (
      select ${bucketOf(w, sql`opened_at`)} as at, chose, connected from visits where opened_at is not null
    )
    select
      buckets.at at time zone 'UTC' as at,
      count(placed.at)::int as opened,
      count(placed.at) filter (where placed.chose)::int as "methodChosen",
      count(placed.at) filter (where placed.chose and placed.connected)::int as connected
    from ${bucketSeries(w)}
    left join placed on placed.at = buckets.at
    group by buckets.at
    order by buckets.at`.execute(db)
  return rows.map((r) => ({
    at: r.at.toISOString(),
    opened: r.opened,
    methodChosen: r.methodChosen,
    connected: r.connected,
  }))
}
