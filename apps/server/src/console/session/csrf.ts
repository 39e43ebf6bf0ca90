/**
 * Cross-site request protection for the console API. Two checks, both needed for a request that changes something:
 * - its `Origin` must be the server's own: the origin of FOYER_PUBLIC_URL, or the origin the request itself was
 *   made to (so `127.0.0.1` and `localhost` both work on a developer's machine). A browser always sends `Origin` on
 *   such requests, and a page on another site cannot forge it; a request without one is refused.
 * - its `x-foyer-csrf` header must hold the session's CSRF token. The token is derived from the session's cookie
 *   token (an HMAC keyed by it), so nothing more is stored, and a page that cannot read the cookie cannot compute it.
 * The session cookie is also SameSite=Strict; these checks hold even where a browser or a sibling subdomain gets
 * round that.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { ApiError } from '../../http/errors.ts'
import type { ConsoleEnv } from '../consoleContext.ts'
import { CONSOLE_CSRF_HEADER } from '../contract.ts'

/** The CSRF token of the session whose cookie token is `sessionToken`. */
export const csrfTokenFor = (sessionToken: string) =>
  createHmac('sha256', sessionToken).update('foyer-console-csrf').digest('base64url')

const csrfFailed = (message: string) => new ApiError(403, 'csrf_failed', message)

/** The origins a console request may come from: FOYER_PUBLIC_URL's and the request's own. */
function ownOrigins(c: Context, publicUrl: string): string[] {
  return [new URL(publicUrl).origin, new URL(c.req.url).origin]
}

/** Refuses (403 `csrf_failed`) a request whose Origin is missing or not the server's own. */
export function requireSameOrigin(publicUrl: string): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined) throw csrfFailed('This request needs an Origin header (send it from the console page)')
    if (!ownOrigins(c, publicUrl).includes(origin))
      throw csrfFailed('This request comes from another site than the console')
    await next()
  }
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * For a request that changes something (POST, PUT, PATCH, DELETE): the same-origin check, then the session's CSRF
 * token in `x-foyer-csrf`, compared in constant time. Runs after `requireOperator`, which sets the session.
 */
export function requireCsrf(publicUrl: string): MiddlewareHandler<ConsoleEnv> {
  const sameOrigin = requireSameOrigin(publicUrl)
  return async (c, next) => {
    if (!CHANGING.has(c.req.method)) return next()
    return sameOrigin(c, async () => {
      const sent = Buffer.from(c.req.header(CONSOLE_CSRF_HEADER) ?? '')
      const expected = Buffer.from(csrfTokenFor(c.get('consoleSessionToken')))
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
        throw csrfFailed(`This request needs the session's CSRF token in ${CONSOLE_CSRF_HEADER}`)
      await next()
    })
  }
}
