import { sql } from 'kysely'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { AnalyticsReport } from '../contract.ts'
import { inWindow, type ReportWindow } from './reportWindow.ts'

/** A CONNECT_SUCCESS without the prop (an older or partial event) is counted under this name. */
export const UNKNOWN_LABEL = 'unknown'

/**
 * CONNECT_SUCCESS by wallet name and by connect method, most first (ties by name), in one pass (grouping sets: each
 * row is one wallet's or one method's count).
 */
export async function reportConnects(
  db: AnalyticsDb,
  w: ReportWindow,
): Promise<Pick<AnalyticsReport, 'connectsByWallet' | 'connectsByMethod'>> {
  const { rows } = await sql<{ wallet: string | null; method: string | null; count: number }>`
    select wallet, method, count(*)::int as count
    from (
      select
        coalesce(props->>'name', ${UNKNOWN_LABEL}) as wallet,
        coalesce(props->>'method', ${UNKNOWN_LABEL}) as method
      from analytics_events
      where ${inWindow(w)} and event = 'CONNECT_SUCCESS'
    ) as connects
    group by grouping sets ((wallet), (method))
    order by count desc, wallet, method`.execute(db)
  return {
    connectsByWallet: rows.flatMap((r) => (r.wallet === null ? [] : [{ wallet: r.wallet, count: r.count }])),
    connectsByMethod: rows.flatMap((r) => (r.method === null ? [] : [{ method: r.method, count: r.count }])),
  }
}
