import { sql } from 'kysely'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { AnalyticsReport } from '../contract.ts'
import { ERROR_EVENTS, eventIn, inWindow, type ReportWindow } from './reportWindow.ts'

/**
 * The window's totals in one pass: visitors (distinct visit ids with a MODAL_OPEN; events sent without a visit id
 * count as opens but not as visitors), opens, connects, swaps (SWAP_SUCCESS), buys (BUY_RESULT with result
 * `success`) and errors (every `*_ERROR` event).
 */
export async function reportTotals(db: AnalyticsDb, w: ReportWindow): Promise<AnalyticsReport['totals']> {
  const { rows } = await sql<AnalyticsReport['totals']>`
    select
      count(distinct visit_id) filter (where event = 'MODAL_OPEN')::int as visitors,
      count(*) filter (where event = 'MODAL_OPEN')::int as opens,
      count(*) filter (where event = 'CONNECT_SUCCESS')::int as connects,
      count(*) filter (where event = 'SWAP_SUCCESS')::int as swaps,
      count(*) filter (where event = 'BUY_RESULT' and props->>'result' = 'success')::int as buys,
      count(*) filter (where ${eventIn(ERROR_EVENTS)})::int as errors
    from analytics_events
    where ${inWindow(w)}
      and ${eventIn(['MODAL_OPEN', 'CONNECT_SUCCESS', 'SWAP_SUCCESS', 'BUY_RESULT', ...ERROR_EVENTS])}`.execute(db)
  return rows[0]!
}
