import { consoleAnalyticsRouter } from './analytics/consoleAnalyticsRoutes.ts'
import { consoleChainsRouter } from './chains/consoleChainsRoutes.ts'
import type { ConsoleRouter } from './consoleContext.ts'
import { createConsoleProjectRoutes } from './projects/consoleProjectRoutes.ts'
import { sessionRoutes } from './session/sessionRoutes.ts'

/**
 * The console API's routers, mounted under /console/api AFTER the sign-in guard (`requireOperator`) and the CSRF
 * checks: add a router here (one line) and every route in it is for signed-in operators only. A router's own
 * middleware must name its paths (`router.use('/projects/*', …)`): once mounted, a bare `use` covers the whole API.
 */
export const consoleRouters: ConsoleRouter[] = [
  sessionRoutes,
  createConsoleProjectRoutes,
  consoleAnalyticsRouter,
  consoleChainsRouter,
]
