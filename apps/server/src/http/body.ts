import type { Context } from 'hono'
import type { AppEnv } from './context.ts'
import { badRequest, unsupportedMediaType } from './errors.ts'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

/**
 * Whether a request body of this type is read as JSON: a JSON type, or `text/plain` — the type a browser gives a
 * string body sent without a preflight, which is how some clients post their JSON. Such a request still passes the
 * project's origin check (`requireProject`) before any handler runs, so accepting it opens no route to sites the
 * project does not allow.
 */
export function isJsonBodyType(contentType: string | undefined): boolean {
  if (isJsonContentType(contentType)) return true
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'text/plain'
}

/**
 * Reads and parses a JSON request body once (cached on the context as `body`). Returns undefined for
 * methods without a body, an empty body, or (unless `require` is set) a content type that is neither JSON nor
 * `text/plain`. Throws 400 `invalid_json` on malformed JSON (a `text/plain` body that is not JSON included) and
 * 415 when `require` is set and the type is wrong.
 */
export async function readJsonBody(c: Context<AppEnv>, options: { require?: boolean } = {}): Promise<unknown> {
  const cached = c.get('body')
  if (cached !== undefined) return cached
  if (!BODY_METHODS.has(c.req.method)) return undefined
  const contentType = c.req.header('content-type')
  if (!isJsonBodyType(contentType)) {
    if (options.require) throw unsupportedMediaType('Send the request body as JSON (Content-Type: application/json)')
    return undefined
  }
  const text = await c.req.text()
  if (text.trim() === '') {
    if (options.require) throw badRequest('invalid_json', 'The request body is empty; expected JSON')
    return undefined
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (e) {
    throw badRequest('invalid_json', `The request body is not valid JSON: ${(e as Error).message}`)
  }
  c.set('body', parsed)
  return parsed
}
