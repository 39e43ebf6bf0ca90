/**
 * The soak's core loop: a steady open-loop rate of requests spread round-robin over a set of routes (requests leave
 * on a clock, not when the last answer came back, so a slow server meets the same rate), counting every answer that
 * is not the route's expected status as an error, while sampling the server process's resident set size.
 */
import { clientAddresses, type LoadRoute, type Outcome, send } from './routes.ts'
import { rssMiB } from './stack.ts'

export interface SoakOptions {
  url: string
  /** The server process whose RSS is sampled. */
  pid: number
  routes: LoadRoute[]
  ratePerSecond: number
  seconds: number
  sampleEverySeconds: number
  /** Requests waiting for an answer beyond which a due request is not sent but counted as an error (a stalled server). */
  maxInFlight?: number
  /** Called after each RSS sample (progress). */
  onSample?: (sample: RssSample, sent: number, errors: number) => void
}

export interface RssSample {
  /** Seconds since the loop started. */
  atSeconds: number
  mib: number
}

export interface RouteCount {
  sent: number
  errors: number
  /** Requests by outcome: the answer's status, `timeout`, `no answer`, or `not sent` (too many in flight). */
  statuses: Record<string, number>
}

export interface SoakRun {
  seconds: number
  sent: number
  errors: number
  routes: Record<string, RouteCount>
  rss: RssSample[]
  latency: { p50Ms: number; p99Ms: number }
}

const TICK_MS = 10
const REQUEST_TIMEOUT_MS = 10_000

export async function runSoakLoop(options: SoakOptions): Promise<SoakRun> {
  const { url, pid, routes, ratePerSecond, seconds, sampleEverySeconds, maxInFlight = 1000 } = options
  const counts: Record<string, RouteCount> = Object.fromEntries(
    routes.map((r) => [r.name, { sent: 0, errors: 0, statuses: {} }]),
  )
  const nextClient = clientAddresses()
  const latencies: number[] = []
  const rss: RssSample[] = []
  const pending = new Set<Promise<void>>()
  let issued = 0
  let errors = 0
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000

  const record = (route: LoadRoute, status: Outcome | 'not sent') => {
    const count = counts[route.name]!
    count.statuses[status] = (count.statuses[status] ?? 0) + 1
    if (status !== route.expect) {
      count.errors++
      errors++
    }
  }
  const fire = (route: LoadRoute) => {
    counts[route.name]!.sent++
    if (pending.size >= maxInFlight) return record(route, 'not sent')
    const at = performance.now()
    const request = send(url, route, nextClient(), REQUEST_TIMEOUT_MS).then((status) => {
      latencies.push(performance.now() - at)
      record(route, status)
      pending.delete(request)
    })
    pending.add(request)
  }
  const sample = () => {
    const atSeconds = Math.round(elapsed() * 10) / 10
    if (rss.at(-1)?.atSeconds === atSeconds) return // the end's sample when the clock's last one was just taken
    const point = { atSeconds, mib: Math.round(rssMiB(pid) * 10) / 10 }
    rss.push(point)
    options.onSample?.(point, issued, errors)
  }

  sample()
  const sampler = setInterval(sample, sampleEverySeconds * 1000)
  await new Promise<void>((done) => {
    const ticker = setInterval(() => {
      const now = elapsed()
      const due = Math.floor(Math.min(now, seconds) * ratePerSecond)
      while (issued < due) fire(routes[issued++ % routes.length]!)
      if (now >= seconds) {
        clearInterval(ticker)
        done()
      }
    }, TICK_MS)
  })
  clearInterval(sampler)
  await Promise.all(pending)
  sample()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]! * 10) / 10
      : 0
  return {
    seconds: Math.round(elapsed() * 10) / 10,
    sent: issued,
    errors,
    routes: counts,
    rss,
    latency: { p50Ms: at(0.5), p99Ms: at(0.99) },
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export interface RssVerdict {
  warmUpSeconds: number
  windowSeconds: number
  /** Median RSS in the first window after the warm-up, and in the last window. */
  earlyMedianMiB: number
  lateMedianMiB: number
  /** (late − early) / early, in percent. */
  growthPercent: number
  minMiB: number
  maxMiB: number
  withinLimit: boolean
}

/**
 * RSS steadiness: the warm-up and the comparison windows are a minute each, or a fifth of a shorter run; the
 * median of the last window may be at most `limitPercent` above the median of the first window after the warm-up.
 * A fall passes: V8 grows its heap lazily and gives pages back after a full collection, so a run that ends below
 * where it started has not leaked.
 */
export function rssVerdict(rss: RssSample[], seconds: number, limitPercent = 10): RssVerdict {
  const window = Math.min(60, seconds / 5)
  const inRange = (from: number, to: number) => rss.filter((s) => s.atSeconds >= from && s.atSeconds <= to)
  const early = inRange(window, 2 * window)
  const late = inRange(seconds - window, seconds + 1)
  if (early.length === 0 || late.length === 0) throw new Error('soak: too few RSS samples for a verdict')
  const tenth = (value: number) => Math.round(value * 10) / 10
  const earlyMedianMiB = tenth(median(early.map((s) => s.mib)))
  const lateMedianMiB = tenth(median(late.map((s) => s.mib)))
  const growthPercent = Math.round(((lateMedianMiB - earlyMedianMiB) / earlyMedianMiB) * 1000) / 10
  const after = rss.filter((s) => s.atSeconds >= window).map((s) => s.mib)
  return {
    warmUpSeconds: Math.round(window * 10) / 10,
    windowSeconds: Math.round(window * 10) / 10,
    earlyMedianMiB,
    lateMedianMiB,
    growthPercent,
    minMiB: Math.min(...after),
    maxMiB: Math.max(...after),
    withinLimit: growthPercent <= limitPercent,
  }
}
