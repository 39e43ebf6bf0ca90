/**
 * The soak's core loop: a steady open-loop rate of requests spread round-robin over a set of routes (requests leave
 * on a clock, not when the last answer came back, so a slow server meets the same rate), counting every answer that
 * is not the route's expected status as an error, while sampling the server process's resident set size; and the
 * memory verdict, judged on what the server keeps alive (its memory right after a full collection, fullGc.mjs).
 */
import { existsSync, readFileSync } from 'node:fs'
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
  /**
   * The file the server's fullGc.mjs preload appends its memory to after each full collection; read at the end into
   * `memory` (lines from before the loop started are left out).
   */
  memoryFile?: string
  /** Called after each RSS sample (progress). */
  onSample?: (sample: RssSample, sent: number, errors: number) => void
}

export interface RssSample {
  /** Seconds since the loop started. */
  atSeconds: number
  mib: number
}

/** The server's memory right after a full garbage collection (fullGc.mjs). */
export interface MemorySample {
  /** Seconds since the loop started. */
  atSeconds: number
  rssMiB: number
  /** V8's heap in use: live JavaScript objects. */
  heapMiB: number
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
  /** Resident set size as sampled from outside, garbage and all. */
  rss: RssSample[]
  /** Memory after each full collection, when the server wrote it (`memoryFile`). */
  memory: MemorySample[]
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
  const startedAt = Date.now()
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
    memory: options.memoryFile ? readMemory(options.memoryFile, startedAt) : [],
    latency: { p50Ms: at(0.5), p99Ms: at(0.99) },
  }
}

const MiB = 1024 * 1024
const tenth = (value: number) => Math.round(value * 10) / 10

/** The lines fullGc.mjs appended, as samples in seconds since `startedAt` (earlier ones left out). */
export function readMemory(file: string, startedAt: number): MemorySample[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { at: number; rss: number; heapUsed: number })
    .filter((m) => m.at >= startedAt)
    .map((m) => ({
      atSeconds: tenth((m.at - startedAt) / 1000),
      rssMiB: tenth(m.rss / MiB),
      heapMiB: tenth(m.heapUsed / MiB),
    }))
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export interface MemoryWindows {
  /** Median of the first window of the judged half, and of the last window. */
  earlyMedianMiB: number
  lateMedianMiB: number
  /** (late − early) / early, in percent. */
  growthPercent: number
  /** Lowest and highest sample in the judged half. */
  minMiB: number
  maxMiB: number
}

export interface MemoryVerdict {
  /** The first half of the run, not judged: V8's heap, compiled code and the server's caches grow to working size. */
  warmUpSeconds: number
  /** Samples in each window: a fifth of the judged half's samples (at least one), at its start and at its end. */
  windowSamples: number
  /** Resident set size right after a full collection. */
  rss: MemoryWindows
  /** V8's heap in use right after a full collection: live objects. */
  heap: MemoryWindows
  limitPercent: number
  /** Both grew by at most `limitPercent`. */
  withinLimit: boolean
}

/**
 * Memory steadiness, judged on samples taken right after a full garbage collection. The first half of the run is
 * warm-up; of the samples in the second half, the median of the first fifth is compared with the median of the last
 * fifth, for the RSS and for the live heap: neither may grow by more than `limitPercent`. A fall passes.
 */
export function memoryVerdict(memory: MemorySample[], seconds: number, limitPercent = 10): MemoryVerdict {
  const warmUp = seconds / 2
  const judged = memory.filter((s) => s.atSeconds >= warmUp).sort((a, b) => a.atSeconds - b.atSeconds)
  if (judged.length < 2) throw new Error('soak: too few memory samples for a verdict')
  const n = Math.max(1, Math.round(judged.length / 5))
  const early = judged.slice(0, n)
  const late = judged.slice(-n)
  const windows = (of: (s: MemorySample) => number): MemoryWindows => {
    const earlyMedianMiB = tenth(median(early.map(of)))
    const lateMedianMiB = tenth(median(late.map(of)))
    return {
      earlyMedianMiB,
      lateMedianMiB,
      growthPercent: tenth(((lateMedianMiB - earlyMedianMiB) / earlyMedianMiB) * 100),
      minMiB: Math.min(...judged.map(of)),
      maxMiB: Math.max(...judged.map(of)),
    }
  }
  const rss = windows((s) => s.rssMiB)
  const heap = windows((s) => s.heapMiB)
  return {
    warmUpSeconds: tenth(warmUp),
    windowSamples: n,
    rss,
    heap,
    limitPercent,
    withinLimit: rss.growthPercent <= limitPercent && heap.growthPercent <= limitPercent,
  }
}
