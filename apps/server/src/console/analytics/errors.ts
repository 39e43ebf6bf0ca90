import { sql } from 'kysely'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { AnalyticsReport } from '../contract.ts'
import { ERROR_EVENTS, eventIn, inWindow, type ReportWindow } from './reportWindow.ts'

/** Examples kept per kind of error, and kinds listed at most (the rest are the long tail of rare codes). */
export const LATEST_EXAMPLES = 3
export const MAX_ERROR_KINDS = 50

/**
 * The `*_ERROR` events by event and `code` prop (null when the event carried none), most first (ties by event, then
 * code), each with its latest `LATEST_EXAMPLES` events: newest first by receive time, then by the page's own time
 * (events of one batch share a receive time).
 */
export async function reportErrors(db: AnalyticsDb, w: ReportWindow): Promise<AnalyticsReport['errors']> {
  const { rows } = await sql<{
    event: string
    code: string | null
    count: number
    at: Date
    props: Record<string, string | number | boolean>
    url: string
  }>`
    with failures as (
      select event, props->>'code' as code, props, url, received_at, client_time, event_id
      from analytics_events
      where ${inWindow(w)} and ${eventIn(ERROR_EVENTS)}
    ),
    kinds as (
      select event, code, count(*)::int as count
      from failures
      group by event, code
      order by count desc, event, code nulls first
      limit ${sql.lit(MAX_ERROR_KINDS)}
    ),
    ranked as (
      select event, code, props, url, received_at,
        row_number() over (partition by event, code order by received_at desc, client_time desc, event_id) as n
      from failures
    )
    select kinds.event, kinds.code, kinds.count, ranked.received_at as at, ranked.props, ranked.url
    from kinds
    join ranked on ranked.event = kinds.event and ranked.code is not distinct from kinds.code
    where ranked.n <= ${sql.lit(LATEST_EXAMPLES)}
    order by kinds.count desc, kinds.event, kinds.code nulls first, ranked.n`.execute(db)
  const errors: AnalyticsReport['errors'] = []
  for (const r of rows) {
    let last = errors.at(-1)
    if (!last || last.event !== r.event || last.code !== r.code) {
      last = { event: r.event, code: r.code, count: r.count, latest: [] }
      errors.push(last)
    }
    last.latest.push({ at: r.at.toISOString(), props: r.props, url: r.url })
  }
  return errors
}
