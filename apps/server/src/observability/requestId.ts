import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../log.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** An incoming id is kept when it is 1–128 characters of letters, digits and `._:-` (a UUID, a proxy's trace id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * Gives every request an id (the caller's sane `X-Request-Id`, else a new UUID), echoes it in the response header and
 * writes one access-log line per request at `info`: id, method, route pattern, status, duration. The raw path is
 * not logged (it can hold addresses); neither are query strings, headers or bodies.
 */
export function requestContext(
  logger: Logger,
  routeOf: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const started = performance.now()
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER))
    c.set('requestId', id)
    try {
      await next()
    } finally {
      c.header(REQUEST_ID_HEADER, id)
      logger.info('request', {
        requestId: id,
        method: c.req.method,
        route: routeOf(c),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      })
    }
  }
}
