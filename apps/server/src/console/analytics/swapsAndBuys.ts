import { sql } from 'kysely'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { AnalyticsReport } from '../contract.ts'
import { bucketOf, bucketSeries, inWindow, type ReportWindow } from './reportWindow.ts'

/** Per bucket, every bucket present, oldest first: SWAP_SUCCESS, and BUY_RESULT with result `success`. */
export async function reportSwapsAndBuys(db: AnalyticsDb, w: ReportWindow): Promise<AnalyticsReport['swapsAndBuys']> {
  const { rows } = await sql<{ at: Date; swaps: number; buys: number }>`
    with done as (
      select
        ${bucketOf(w, sql`received_at`)} as at,
        count(*) filter (where event = 'SWAP_SUCCESS') as swaps,
        count(*) filter (where event = 'BUY_RESULT' and props->>'result' = 'success') as buys
      from analytics_events
      where ${inWindow(w)} and event in ('SWAP_SUCCESS', 'BUY_RESULT')
      group by 1
    )
    select buckets.at at time zone 'UTC' as at, coalesce(done.swaps, 0)::int as swaps, coalesce(done.buys, 0)::int as buys
    from ${bucketSeries(w)}
    left join done on done.at = buckets.at
    order by buckets.at`.execute(db)
  return rows.map((r) => ({ at: r.at.toISOString(), swaps: r.swaps, buys: r.buys }))
}
