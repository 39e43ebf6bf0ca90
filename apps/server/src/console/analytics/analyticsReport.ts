import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import type { FoyerDatabase } from '../../db/index.ts'
import type { AnalyticsRange, AnalyticsReport } from '../contract.ts'
import { reportConnects } from './connects.ts'
import { reportErrors } from './errors.ts'
import { reportFunnel } from './funnel.ts'
import { reportNetworks } from './networks.ts'
import { reportWindow } from './reportWindow.ts'
import { reportSwapsAndBuys } from './swapsAndBuys.ts'
import { reportTotals } from './totals.ts'

/**
 * One project's analytics report over `range` ending at `now` (the console's clock; tests pass a fixed one). Each
 * concern is its own query (a file each beside this one); they run at once (on Postgres, on as many pooled
 * connections; PGlite runs them one after another).
 */
export async function analyticsReport(
  database: FoyerDatabase,
  projectId: string,
  range: AnalyticsRange,
  now: Date,
): Promise<AnalyticsReport> {
  const db = database.kysely as unknown as AnalyticsDb
  const w = reportWindow(projectId, range, now)
  const [totals, funnel, connects, networks, swapsAndBuys, errors] = await Promise.all([
    reportTotals(db, w),
    reportFunnel(db, w),
    reportConnects(db, w),
    reportNetworks(db, w),
    reportSwapsAndBuys(db, w),
    reportErrors(db, w),
  ])
  return {
    range,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    bucket: w.bucket,
    totals,
    funnel,
    ...connects,
    networks,
    swapsAndBuys,
    errors,
  }
}
