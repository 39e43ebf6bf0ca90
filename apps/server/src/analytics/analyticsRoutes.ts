import { routes } from '@foyer/core/protocol'
import type { Hono, MiddlewareHandler } from 'hono'
import { isTrustedProxy, type ProxyTrust, peerAddress } from '../http/clientAddress.ts'
import type { AppEnv } from '../http/context.ts'
import { forbidden } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { effectiveFeatures } from '../projects/model.ts'
import type { AnalyticsRow, AnalyticsWriter } from './analyticsWriter.ts'
import { browserFamily } from './browserFamily.ts'

export type AnalyticsRouteOptions = {
  /** The project check with the analytics rate limits (per client before it, per project after it). */
  project: MiddlewareHandler<AppEnv>
  writer: AnalyticsWriter
  /** FOYER_ANALYTICS_COUNTRY_HEADER: the header a trusted proxy sets to the visitor's country; undefined: none stored. */
  countryHeader: string | undefined
  proxyTrust: ProxyTrust
}

/**
 * `POST /e`: the modal's analytics events, one object or an array. The body is checked whole against the event list
 * before anything is stored: one unknown event or prop refuses the batch (400 `invalid_request` with every issue),
 * so a batch is stored whole or not at all. Each event is stamped with the project, the server's receive time, the
 * browser family and (only with a configured lookup) the country, then written (analyticsWriter.ts). 202
 * `{ accepted }` once written. A project with analytics off gets 403 `feature_disabled`.
 */
export function registerAnalyticsRoutes(app: Hono<AppEnv>, options: AnalyticsRouteOptions) {
  route(app, routes.analyticsEvents, options.project, async (c, request) => {
    const project = c.get('project')
    if (!effectiveFeatures(project.features).analytics)
      throw forbidden('feature_disabled', 'Analytics are switched off for this project')
    const events = await request.body({ require: true })
    const browser = browserFamily(c.req.header('user-agent'))
    const country = countryOf(c.req.header(options.countryHeader ?? ''), options, peerAddress(c))
    const pages = new Map<string, string>()
    const rows: AnalyticsRow[] = events.map((e) => ({
      projectId: project.id,
      eventId: e.eventId.toLowerCase(),
      event: e.props.event,
      type: e.props.type,
      props: e.props.properties ?? {},
      url: batchPageUrl(pages, e.url),
      domain: e.domain.toLowerCase(),
      clientTime: e.timestamp,
      browser,
      country,
      visitId: e.visitId?.toLowerCase(),
    }))
    await options.writer.write(rows)
    c.status(202)
    return { accepted: rows.length }
  })
}

/** `pageUrl`, parsed once per batch for each address (a batch's events mostly come from one page). */
function batchPageUrl(parsed: Map<string, string>, url: string): string {
  let page = parsed.get(url)
  if (page === undefined) {
    page = pageUrl(url)
    parsed.set(url, page)
  }
  return page
}

/** The page's origin and path: a query or fragment the client left on is dropped here too (it may hold personal data). */
function pageUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    return url.split(/[?#]/)[0]!
  }
}

/**
 * The country from the configured header — only when the request came through a trusted proxy (as for
 * X-Forwarded-For): from anyone else the header is the client's own say. Two letters, upper-cased, or nothing.
 */
function countryOf(
  value: string | undefined,
  { countryHeader, proxyTrust }: AnalyticsRouteOptions,
  peer: string | undefined,
): string | undefined {
  if (!countryHeader || value === undefined) return undefined
  if (proxyTrust.trustProxyHops < 1 || !isTrustedProxy(peer, proxyTrust.trustedProxies)) return undefined
  const code = value.trim().toUpperCase()
  return /^[A-Z]{2}$/.test(code) ? code : undefined
}
