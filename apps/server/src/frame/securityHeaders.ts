/**
 * Headers for the server's own HTML (the device-approval page) and HSTS for every response when the server's
 * public URL is https. Registered from app.ts by path, ahead of the routes, so the routes stay plain.
 */
import type { MiddlewareHandler } from 'hono'
import type { ServerConfig } from '../config.ts'
import { STRICT_TRANSPORT_SECURITY } from './frameCsp.ts'

/**
 * The approval page is one static form posting to itself: no script, no framing (a framed "Approve" button could
 * be clickjacked), no caching (it carries a one-time token), no Referer (its URL holds that token).
 */
export const APPROVAL_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

export function approvalPageHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.header('Content-Security-Policy', APPROVAL_PAGE_CSP)
    c.header('X-Frame-Options', 'DENY')
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
  }
}

/** HSTS on every response, but only when FOYER_PUBLIC_URL is https (on http a browser ignores it anyway). */
export function strictTransportSecurity(config: Pick<ServerConfig, 'embedded'>): MiddlewareHandler {
  const https = config.embedded.publicUrl.startsWith('https://')
  return async (c, next) => {
    await next()
    if (https) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  }
}
