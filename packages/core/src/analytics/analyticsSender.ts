/**
 * The analytics sender (its own chunk: analytics.ts loads it on the first event). It turns the bus's events into the
 * wire shape of `POST /e` and sends them to the site's own Foyer server, in batches of up to `batchSize` or every
 * `intervalMs`, with `fetch` and `keepalive`; when the page is hidden or left (`visibilitychange` to hidden,
 * `pagehide`) it sends what is queued with `navigator.sendBeacon`. It asks `GET /getAnalyticsConfig` once: a project
 * with analytics off gets nothing, and what was queued meanwhile is dropped.
 *
 * Every event carries the tab session's visit id (`visitId`): a random UUID kept in the tab's `sessionStorage` under
 * `VISIT_KEY`, so it stays the same across the tab's reloads and pages of the site and differs in another tab; where
 * storage is blocked it is kept in memory for the page. No cookie, nothing another site can read.
 *
 * It never throws into the modal and never lets a rejection escape; a failed send is retried once after a network
 * error or a 5xx, never after a 4xx (a 429 included), then dropped. Bodies are JSON sent as `text/plain`, so a
 * browser sends them without a preflight; the server checks the page's origin against the project's.
 */
import type { FoyerEvent } from '../events/events.ts'
import {
  ANALYTICS_EVENTS,
  type AnalyticsPropKind,
  type AnalyticsWireEvent,
  MAX_LABEL_LENGTH,
} from '../protocol/analytics.ts'
import { analyticsEvents } from '../protocol/endpoints/analytics.ts'
import { analyticsConfig } from '../protocol/endpoints/catalogue.ts'

/** What the sender needs of a page: its address, `pagehide`, the document's visibility, the tab's session storage. */
export type AnalyticsPage = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'origin' | 'pathname' | 'hostname'>
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  /** Where the visit id is kept for the tab's session; reading it may throw (storage blocked): then memory. */
  readonly sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>
}

export type AnalyticsSenderParameters = {
  apiUrl: string
  projectId: string
  /** The site's `analyticsIncludeAddress`: send the `address` prop of the events that carry one. */
  includeAddress: boolean
  /** Events in one request (default 20). */
  batchSize?: number
  /** Longest an event waits before it is sent (default 5000 ms). */
  intervalMs?: number
  /** Wait before the one retry (default 1000 ms). */
  retryDelayMs?: number
  fetch?: typeof globalThis.fetch
  sendBeacon?: (url: string, data: Blob) => boolean
  /** The page (default: `window`); without one nothing is sent. */
  page?: AnalyticsPage
}

export type AnalyticsSender = {
  add(event: FoyerEvent): void
  /** Sends what is queued now (with `fetch`); the timer's and a full batch's send call it. */
  flush(): void
  /** Sends what is queued and stops listening. */
  dispose(): void
}

const TEXT = 'text/plain;charset=UTF-8'
/** Events kept at most while they wait (a page that emits faster than it sends drops the oldest). */
const MAX_QUEUE = 500

export function createAnalyticsSender({
  apiUrl,
  projectId,
  includeAddress,
  batchSize = 20,
  intervalMs = 5000,
  retryDelayMs = 1000,
  fetch: fetchImpl = globalThis.fetch?.bind(globalThis),
  sendBeacon,
  page = typeof window === 'undefined' ? undefined : window,
}: AnalyticsSenderParameters): AnalyticsSender {
  const query = `?projectId=${encodeURIComponent(projectId)}`
  const endpoint = `${apiUrl}${analyticsEvents.path}${query}`
  const beacon =
    sendBeacon ??
    (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url: string, data: Blob) => navigator.sendBeacon(url, data)
      : undefined)
  /** The project's switch: undefined until `GET /getAnalyticsConfig` answers. */
  let enabled: boolean | undefined
  let queue: AnalyticsWireEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let disposed = false
  const visitId = page ? tabVisitId(page) : undefined

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  async function readProjectSwitch(): Promise<boolean> {
    try {
      const response = await fetchImpl(`${apiUrl}${analyticsConfig.path}${query}`, { credentials: 'omit' })
      if (!response.ok) return true // no answer from the server: the site's option decides
      const answer = (await response.json()) as { isAnalyticsEnabled?: unknown } | null
      return answer?.isAnalyticsEnabled !== false
    } catch {
      return true
    }
  }

  async function post(body: string, retried = false): Promise<void> {
    try {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': TEXT },
      })
      response.body?.cancel().catch(() => {})
      if (response.status >= 500 && !retried) {
        await wait(retryDelayMs)
        return post(body, true)
      }
    } catch {
      if (retried) return
      await wait(retryDelayMs)
      return post(body, true)
    }
  }

  function send(events: AnalyticsWireEvent[], viaBeacon: boolean) {
    for (let i = 0; i < events.length; i += batchSize) {
      const body = JSON.stringify(events.slice(i, i + batchSize))
      let sent = false
      if (viaBeacon && beacon) {
        try {
          sent = beacon(endpoint, new Blob([body], { type: TEXT }))
        } catch {}
      }
      if (!sent) post(body, viaBeacon).catch(() => {})
    }
  }

  function schedule() {
    if (timer === undefined && !disposed) timer = setTimeout(flush, intervalMs)
  }

  function flush() {
    clearTimeout(timer)
    timer = undefined
    if (queue.length === 0) return
    if (enabled === undefined) return schedule() // the project's switch first
    const events = queue
    queue = []
    if (enabled) send(events, false)
  }

  /** The page is hidden or left: send now, with a beacon, even before the project's switch is known (a project with analytics off refuses them and stores nothing). */
  function flushOnHide() {
    clearTimeout(timer)
    timer = undefined
    if (enabled === false || queue.length === 0) return
    const events = queue
    queue = []
    send(events, true)
  }

  const onVisibility = () => {
    if (page?.document.visibilityState === 'hidden') flushOnHide()
  }

  function toWire(event: FoyerEvent): AnalyticsWireEvent | undefined {
    if (!page || !Object.hasOwn(ANALYTICS_EVENTS, event.event)) return undefined
    const kinds: Readonly<Record<string, AnalyticsPropKind>> = ANALYTICS_EVENTS[event.event]
    const properties: Record<string, string | number | boolean> = {}
    for (const [name, value] of Object.entries(event.properties ?? {})) {
      const kind = kinds[name]
      if (value === undefined || value === '' || kind === undefined) continue
      if (kind === 'address' && !includeAddress) continue
      properties[name] = typeof value === 'string' && kind === 'label' ? value.slice(0, MAX_LABEL_LENGTH) : value
    }
    return {
      eventId: randomId(),
      url: `${page.location.origin}${page.location.pathname}`,
      domain: page.location.hostname,
      timestamp: event.timestamp,
      props: { type: event.type, event: event.event, properties },
      visitId,
    }
  }

  // A page that is going away (or a test's torn-down document) may have no document left: then nothing to watch.
  page?.document?.addEventListener('visibilitychange', onVisibility)
  page?.addEventListener?.('pagehide', flushOnHide)
  readProjectSwitch().then((on) => {
    enabled = on
    if (!on) queue = []
    else if (queue.length >= batchSize) flush()
  })

  return {
    add(event) {
      if (disposed || enabled === false) return
      let wire: AnalyticsWireEvent | undefined
      try {
        wire = toWire(event)
      } catch {}
      if (!wire) return
      if (queue.push(wire) > MAX_QUEUE) queue.shift()
      if (enabled && queue.length >= batchSize) flush()
      else schedule()
    },
    flush,
    dispose() {
      if (disposed) return
      flush()
      disposed = true
      clearTimeout(timer)
      timer = undefined
      page?.document?.removeEventListener('visibilitychange', onVisibility)
      page?.removeEventListener?.('pagehide', flushOnHide)
    },
  }
}

/** The `sessionStorage` key of the tab's visit id. */
export const VISIT_KEY = 'foyer.visit'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Visit ids of pages whose storage is blocked, for as long as the page lives. */
const memoryVisits = new WeakMap<object, string>()

/** The tab session's visit id: the one in `sessionStorage`, else a new one kept there (or in memory when blocked). */
function tabVisitId(page: AnalyticsPage): string {
  try {
    const storage = page.sessionStorage
    if (storage) {
      const kept = storage.getItem(VISIT_KEY)
      if (kept && UUID.test(kept)) return kept
      const drawn = randomId()
      storage.setItem(VISIT_KEY, drawn)
      return drawn
    }
  } catch {}
  const kept = memoryVisits.get(page)
  if (kept) return kept
  const drawn = randomId()
  memoryVisits.set(page, drawn)
  return drawn
}

/** A version-4 UUID: `crypto.randomUUID` where the page has it (secure contexts), else from `getRandomValues`. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
