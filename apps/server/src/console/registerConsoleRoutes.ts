/**
 * The operator console's API under /console/api (see contract.ts): the sign-in routes first (open, same-origin
 * only), then the guard — `requireOperator` and the CSRF checks — then every router of `consoleRouters`. Every
 * answer is `Cache-Control: no-store` and carries no CORS grant: the console is served from this same origin.
 */
import { Hono } from 'hono'
import type { FoyerApp } from '../app.ts'
import type { ConsoleDeps, ConsoleEnv, ConsoleRouter } from './consoleContext.ts'
import { consoleRouters } from './consoleRouters.ts'
import { CONSOLE_API_PATH } from './contract.ts'
import { requireCsrf } from './session/csrf.ts'
import { requireOperator } from './session/requireOperator.ts'
import { signInRoutes } from './session/signInRoutes.ts'

export { requireOperator } from './session/requireOperator.ts'

export function registerConsoleRoutes(
  app: FoyerApp,
  deps: ConsoleDeps,
  routers: readonly ConsoleRouter[] = consoleRouters,
): void {
  const api = new Hono<ConsoleEnv>()
  api.use(async (c, next) => {
    c.set('cors', 'refused')
    await next()
    c.header('Cache-Control', 'no-store')
  })
  api.route('/', signInRoutes(deps))
  api.use(requireOperator(deps), requireCsrf(deps.config.embedded.publicUrl))
  for (const router of routers) api.route('/', router(deps))
  app.route(CONSOLE_API_PATH, api as unknown as FoyerApp)
}
