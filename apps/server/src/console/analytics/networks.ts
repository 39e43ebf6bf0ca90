import { sql } from 'kysely'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { AnalyticsReport } from '../contract.ts'
import { eventIn, inWindow, type ReportWindow } from './reportWindow.ts'

/** The events whose `networkId` counts as the network being used: a switch to it, a swap or a send done on it. */
export const NETWORK_EVENTS = ['SWITCH_NETWORK', 'SWAP_SUCCESS', 'SEND_SUCCESS'] as const

/** Network ids of `NETWORK_EVENTS`, most first (ties by id); events without one are left out. */
export async function reportNetworks(db: AnalyticsDb, w: ReportWindow): Promise<AnalyticsReport['networks']> {
  const { rows } = await sql<{ networkId: string; count: number }>`
    select props->>'networkId' as "networkId", count(*)::int as count
    from analytics_events
    where ${inWindow(w)} and ${eventIn(NETWORK_EVENTS)} and props->>'networkId' is not null
    group by 1
    order by count desc, 1`.execute(db)
  return rows
}
