/**
 * The signed-in session (behind `requireOperator` and the CSRF checks):
 *   GET    /session → ConsoleSession
 *   DELETE /session → 204, the session ended and its cookie cleared
 */
import { Hono } from 'hono'
import { type ConsoleDeps, type ConsoleEnv, consoleDb } from '../consoleContext.ts'
import { clearSessionCookie } from './sessionCookie.ts'
import { endSession } from './sessionStore.ts'
import { consoleSession } from './startSession.ts'

export function sessionRoutes(deps: ConsoleDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>()
  app.get('/session', (c) => c.json(consoleSession(c.get('operator'), c.get('consoleSessionToken'))))
  app.delete('/session', async (c) => {
    await endSession(consoleDb(deps), c.get('consoleSessionToken'))
    clearSessionCookie(c, deps.config.embedded.publicUrl)
    deps.logger.info('console: operator signed out')
    return c.body(null, 204)
  })
  return app
}
