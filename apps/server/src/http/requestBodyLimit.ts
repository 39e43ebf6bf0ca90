/**
 * The request body limit. A body with a Content-Length is judged by it; any other (chunked, or a request made in
 * process without the header) is read up to the limit and the request rebuilt around what was read, so the handlers
 * can still read it.
 *
 * Not Hono's bodyLimit: it rebuilds the request with `new Request(c.req.raw, …)`, which the server's global Request
 * refuses for @hono/node-server's own request object (the server keeps the globals as they are,
 * `overrideGlobalObjects: false`) — a TypeError, so a 500 for every chunked body and every body-less DELETE a
 * browser sends (the console's sign-out).
 */
import type { Context, MiddlewareHandler } from 'hono'

export interface RequestBodyLimitOptions {
  maxSize: number
  onError(c: Context): Response | Promise<Response>
}

export function requestBodyLimit({ maxSize, onError }: RequestBodyLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const length = c.req.header('content-length')
    const chunked = c.req.header('transfer-encoding') !== undefined
    if (length !== undefined && !chunked) return Number.parseInt(length, 10) > maxSize ? onError(c) : next()
    const raw = c.req.raw
    if (!raw.body) return next()
    const reader = raw.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size > maxSize) {
        await reader.cancel().catch(() => {})
        return onError(c)
      }
      chunks.push(value)
    }
    const body = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      body.set(chunk, offset)
      offset += chunk.length
    }
    c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body })
    return next()
  }
}
