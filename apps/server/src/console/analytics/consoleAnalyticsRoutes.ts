import { Hono } from 'hono'
import * as v from 'valibot'
import type { FoyerDatabase } from '../../db/index.ts'
import { apiErrorResponse, invalidRequest, notFound } from '../../http/errors.ts'
import { toIssues } from '../../http/validate.ts'
import type { ProjectStore } from '../../projects/store.ts'
import type { ConsoleEnv, ConsoleRouter } from '../consoleContext.ts'
import { ANALYTICS_RANGES, type AnalyticsReport } from '../contract.ts'
import { analyticsReport } from './analyticsReport.ts'

export type ConsoleAnalyticsRoutesOptions = {
  db: FoyerDatabase
  projects: Pick<ProjectStore, 'get'>
  /** The report's end (default: the clock); tests pass a fixed one. */
  now?: () => Date
}

const ReportQuery = v.object({
  range: v.picklist(ANALYTICS_RANGES, `must be one of ${ANALYTICS_RANGES.join(', ')}`),
})

/**
 * The console's analytics API, paths relative to `/console/api` (`registerConsoleRoutes` mounts it behind the
 * operator guard, as `consoleAnalyticsRouter`; nothing here checks a session):
 *
 *   GET /projects/:id/analytics?range=day|week|month → AnalyticsReport
 *
 * 400 `invalid_request` for a missing or unknown range, 404 `unknown_project` for a project that does not exist.
 * The answer is `Cache-Control: no-store` (an operator's data, current at each request).
 */
export function createConsoleAnalyticsRoutes({ db, projects, now = () => new Date() }: ConsoleAnalyticsRoutesOptions) {
  const app = new Hono<ConsoleEnv>()
  app.get('/projects/:id/analytics', async (c) => {
    const query = v.safeParse(ReportQuery, { range: c.req.query('range') })
    if (!query.success) return apiErrorResponse(c, invalidRequest(toIssues(query.issues)))
    const id = c.req.param('id')
    if (!(await projects.get(id))) return apiErrorResponse(c, notFound('unknown_project', `No project ${id}`))
    const report: AnalyticsReport = await analyticsReport(db, id, query.output.range, now())
    c.header('cache-control', 'no-store')
    return c.json(report)
  })
  return app
}

/** The analytics API as one of the console's routers (`consoleRouters.ts`). */
export const consoleAnalyticsRouter: ConsoleRouter = (deps) =>
  createConsoleAnalyticsRoutes({ db: deps.database, projects: deps.projects, now: deps.now })
