import type { ApiErrorBody, ApiErrorCode, ApiIssue } from '@foyer/core/protocol'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * The one error shape every Foyer endpoint answers with (`ApiErrorBody` in `@foyer/core/protocol`):
 *   { "error": { "code": "unknown_project", "message": "…", "details"?: … } }
 * `code` is one of `ApiErrorCode` (a new code is added there first); `message` is for humans and may change.
 */
export type ErrorBody = ApiErrorBody

/** Throw this from any handler or middleware; the app's error handler turns it into the JSON shape above. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly code: ApiErrorCode
  readonly details?: unknown
  readonly headers?: Record<string, string>

  constructor(
    status: ContentfulStatusCode,
    code: ApiErrorCode,
    message: string,
    options: { details?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.details = options.details
    this.headers = options.headers
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message } }
    if (this.details !== undefined) body.error.details = this.details
    return body
  }
}

export const badRequest = (code: ApiErrorCode, message: string, details?: unknown) =>
  new ApiError(400, code, message, { details })
export const unauthorized = (code: ApiErrorCode, message: string) => new ApiError(401, code, message)
export const forbidden = (code: ApiErrorCode, message: string) => new ApiError(403, code, message)
export const notFound = (code: ApiErrorCode, message: string) => new ApiError(404, code, message)
export const payloadTooLarge = (message = 'Request body is too large') =>
  new ApiError(413, 'payload_too_large', message)
export const unsupportedMediaType = (message: string) => new ApiError(415, 'unsupported_media_type', message)
export const serviceUnavailable = (code: ApiErrorCode, message: string) => new ApiError(503, code, message)

/** Builds the JSON error response directly (for places that return instead of throw). */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  details?: unknown,
): Response {
  return apiErrorResponse(c, new ApiError(status, code, message, { details }))
}

export function apiErrorResponse(c: Context, err: ApiError): Response {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
  return c.json(err.toBody(), err.status)
}

/** A single validation problem, e.g. `{ path: 'entries', message: 'must be an integer between 1 and 100' }`. */
export type Issue = ApiIssue

/** 400 `invalid_request` listing every problem found, so a client can fix them all at once. */
export function invalidRequest(issues: Issue[], message?: string): ApiError {
  const text = message ?? issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
  return badRequest('invalid_request', text || 'Invalid request', { issues })
}

/** How long a client should wait before trying again after a 503 for a store that is down (seconds). */
export const RETRY_AFTER_SECONDS = 2

/**
 * A rate limit's counter store (Redis) failed or did not answer. The limiters decide: the data API's let the
 * request through (a counter outage must not take reads down), sign-ins refuse it (503 `limits_unavailable`).
 */
export class CounterStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('The rate-limit counter store is not available', { cause })
    this.name = 'CounterStoreUnavailable'
  }
}

/**
 * Connection errors and Postgres codes that mean the database is down or restarting, not that the request is wrong:
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or stopping), 53300 too many
 * connections, 08xxx connection exceptions.
 */
const DATABASE_DOWN_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]
/** How node-postgres words a connection lost under a query, or a pool that could not get one in time. */
const PG_CONNECTION_LOST = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
]

const databaseDown = () =>
  new ApiError(503, 'database_unavailable', 'The database is not reachable; try again shortly', {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  })

/**
 * Safety net for errors that escaped validation: maps database complaints about input to 4xx and an
 * unreachable database (or the limits' counter store) to 503 with `Retry-After`, without leaking SQL or driver text. Returns undefined for anything else.
 */
export function classifyError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err
  if (err instanceof CounterStoreUnavailable)
    return new ApiError(503, 'limits_unavailable', 'The rate limits cannot be counted right now; try again shortly', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    })
  if (typeof err !== 'object' || err === null) return undefined
  const code = (err as { code?: unknown }).code
  if (typeof code !== 'string') {
    // node-postgres ends a query whose connection the server closed (a restart, a failover) with a plain Error.
    const message = (err as { message?: unknown }).message
    if (typeof message === 'string' && PG_CONNECTION_LOST.some((m) => message.startsWith(m))) return databaseDown()
    return undefined
  }
  if (DATABASE_DOWN_CODES.includes(code)) return databaseDown()
  if (/^[0-9A-Z]{5}$/.test(code) && 'severity' in err) {
    if (code === '23505') return new ApiError(409, 'conflict', 'A record with these values already exists')
    if (code.startsWith('23'))
      return badRequest('invalid_request', 'The request conflicts with existing data or misses a required value')
    if (code.startsWith('22'))
      return badRequest('invalid_request', 'A value in the request is out of range or malformed')
  }
  return undefined
}
