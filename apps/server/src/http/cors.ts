import type { Context, MiddlewareHandler } from 'hono'
import { isValidProjectId, normalizeOrigin } from '../projects/model.ts'
import type { ProjectStore } from '../projects/store.ts'
import type { AppEnv } from './context.ts'
import { errorResponse } from './errors.ts'

// authorization: the sign-in-with-Ethereum session and sign-out routes take the token as a bearer;
// x-foyer-purchase-secrets: the on-ramp purchase reads and history take the page's purchase secrets.
export const CORS_ALLOW_HEADERS = [
  'x-project-id',
  'x-sdk-type',
  'x-sdk-version',
  'content-type',
  'authorization',
  'x-foyer-purchase-secrets',
] as const
export const CORS_ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
export const CORS_MAX_AGE_SECONDS = 600
/** Response headers a site's script may read: the request id (to quote in a support request) and Retry-After on 429. */
export const CORS_EXPOSE_HEADERS = ['x-request-id', 'retry-after'] as const

/**
 * CORS for the whole app.
 * - Project routes decide for themselves (`requireProject`): the Origin must be one of the project's
 *   allowed origins, otherwise 403 without CORS headers.
 * - Preflights name no project unless `?projectId=` is in the URL: then the project's list decides;
 *   otherwise an origin allowed by any project passes (the real request is checked per project).
 * - Other responses (health, 404, missing/unknown project, bad JSON) get CORS headers when the origin
 *   is allowed by some project, so the SDK can read the error.
 * Requests without an Origin header (servers, curl) are not browser requests and pass.
 */
export function cors(store: ProjectStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rawOrigin = c.req.header('origin')
    if (rawOrigin === undefined) return next()
    const origin = normalizeOrigin(rawOrigin)

    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      return preflight(c, origin, store)
    }

    await next()
    // c.header() (not c.res.headers.set) after next(): Hono rebuilds the response safely
    c.header('Vary', withVary(c.res.headers.get('Vary'), 'Origin'))
    if (!origin || c.get('cors') === 'refused') return
    const allowed = c.get('cors') === 'allowed' || (await store.isOriginKnown(origin).catch(() => false))
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin)
      c.header('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS.join(', '))
    }
  }
}

async function preflight(c: Context<AppEnv>, origin: string | undefined, store: ProjectStore): Promise<Response> {
  let allowed = false
  if (origin) {
    const projectId = c.req.query('projectId')
    const project = isValidProjectId(projectId) ? await store.get(projectId) : undefined
    allowed = project ? project.allowedOrigins.includes(origin) : await store.isOriginKnown(origin)
  }
  c.header('Vary', 'Origin')
  if (!allowed)
    return errorResponse(c, 403, 'origin_not_allowed', 'This origin is not allowed to call the Foyer server')
  c.header('Access-Control-Allow-Origin', origin!)
  c.header('Access-Control-Allow-Methods', CORS_ALLOW_METHODS.join(', '))
  c.header('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS.join(', '))
  c.header('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS))
  return c.body(null, 204)
}

function withVary(current: string | null, value: string): string {
  if (!current) return value
  return current.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase())
    ? current
    : `${current}, ${value}`
}
