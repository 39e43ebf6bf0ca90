import type { MiddlewareHandler } from 'hono'
import { unauthorized } from '../../http/errors.ts'
import { type ConsoleDeps, type ConsoleEnv, consoleDb } from '../consoleContext.ts'
import { sessionCookieOf } from './sessionCookie.ts'
import { continueSession } from './sessionStore.ts'

/**
 * Lets through only a request from a signed-in operator: the session cookie must name a live session (whose expiry
 * this request slides). Sets `operator` and `consoleSessionToken` on the context; otherwise 401 `not_signed_in`.
 */
export function requireOperator(deps: ConsoleDeps): MiddlewareHandler<ConsoleEnv> {
  const db = consoleDb(deps)
  const now = deps.now ?? (() => new Date())
  return async (c, next) => {
    const token = sessionCookieOf(c)
    const operator = token === undefined ? undefined : await continueSession(db, token, now())
    if (!operator || token === undefined) throw unauthorized('not_signed_in', 'Sign in to the console first')
    c.set('operator', operator)
    c.set('consoleSessionToken', token)
    await next()
  }
}
