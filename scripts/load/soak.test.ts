/**
 * The soak's core loop against a real server process (on a scratch Postgres database, no chain: the catalogue, analytics and the wrong-code
 * check) for 18 s, with one extra route that can only fail (a path the server does not have, expected to answer
 * 200): every one of its requests must be counted as an error and no other request, and the RSS must be sampled
 * from the server's process on the clock asked for.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/src/test/backends.ts'
import { chainlessRoutes, type LoadRoute } from './routes.ts'
import { rssVerdict, runSoakLoop } from './soakLoop.ts'
import { LOAD_LIMITS, rssMiB, type ServerProcess, startServerProcess } from './stack.ts'

const SECONDS = 18
const RATE = 40
const SAMPLE_EVERY = 2

let scratch: ScratchDatabase
let server: ServerProcess
beforeAll(async () => {
  scratch = await createScratchDatabase()
  server = await startServerProcess({ DATABASE_URL: scratch.url, ...LOAD_LIMITS })
})
afterAll(async () => {
  await server?.stop()
  await scratch?.drop()
})

const missing: LoadRoute = {
  name: 'missing',
  label: 'a path the server does not have',
  method: 'GET',
  path: '/v1/no-such-route',
  headers: {},
  expect: 200,
}

it(
  'counts exactly the failing requests as errors and samples the server process RSS',
  async () => {
    const routes = [...chainlessRoutes(), missing]
    const run = await runSoakLoop({
      url: server.url,
      pid: server.pid,
      routes,
      ratePerSecond: RATE,
      seconds: SECONDS,
      sampleEverySeconds: SAMPLE_EVERY,
    })

    expect(run.sent).toBe(RATE * SECONDS)
    for (const route of routes) expect(run.routes[route.name]!.sent).toBe((RATE * SECONDS) / routes.length)
    expect(run.routes.missing!.errors).toBe(run.routes.missing!.sent)
    expect(run.routes.missing!.statuses).toEqual({ 404: run.routes.missing!.sent })
    for (const route of chainlessRoutes()) {
      expect(run.routes[route.name]!.errors, route.name).toBe(0)
      expect(run.routes[route.name]!.statuses, route.name).toEqual({ [route.expect]: run.routes[route.name]!.sent })
    }
    expect(run.errors).toBe(run.routes.missing!.sent)

    // A sample at the start, one every 2 s (a timer: on a busy machine a tick may come late), one at the end; each a
    // plausible Node server's RSS, of the server's process.
    expect(run.rss[0]!.atSeconds).toBe(0)
    expect(run.rss.at(-1)!.atSeconds).toBeGreaterThanOrEqual(SECONDS)
    expect(run.rss.length).toBeLessThanOrEqual(SECONDS / SAMPLE_EVERY + 3)
    for (const [i, sample] of run.rss.entries()) {
      expect(sample.mib).toBeGreaterThan(30)
      expect(sample.mib).toBeLessThan(4096)
      if (i === 0) continue
      expect(sample.atSeconds).toBeGreaterThan(run.rss[i - 1]!.atSeconds)
      if (i < run.rss.length - 1) expect(sample.atSeconds - run.rss[i - 1]!.atSeconds).toBeLessThan(SAMPLE_EVERY + 1)
    }
    const now = rssMiB(server.pid)
    expect(Math.abs(now - run.rss.at(-1)!.mib) / now).toBeLessThan(0.5)

    const verdict = rssVerdict(run.rss, SECONDS)
    expect(verdict.earlyMedianMiB).toBeGreaterThan(30)
    expect(verdict.lateMedianMiB).toBeGreaterThan(30)
  },
  // The loop, then up to the 10 s a last request may take to answer or time out.
  SECONDS * 1000 + 15_000,
)

it('judges RSS by the medians of the first window after the warm-up and of the last window', () => {
  // 10 minutes, a sample every 5 s: a warm-up climb to 200 MiB in the first minute, then flat with noise.
  const flat = Array.from({ length: 121 }, (_, i) => ({
    atSeconds: i * 5,
    mib: i * 5 < 60 ? 100 + i * 8 : 200 + (i % 3) * 4,
  }))
  const steady = rssVerdict(flat, 600)
  expect(steady).toMatchObject({ warmUpSeconds: 60, windowSeconds: 60, earlyMedianMiB: 204, lateMedianMiB: 204 })
  expect(steady.withinLimit).toBe(true)
  // The same run leaking 0.05 MiB a second after the warm-up: 200 → about 227 MiB, over 10 %.
  const leaking = flat.map((s) => ({ ...s, mib: s.atSeconds < 60 ? s.mib : 200 + (s.atSeconds - 60) * 0.05 }))
  const verdict = rssVerdict(leaking, 600)
  expect(verdict.growthPercent).toBeGreaterThan(10)
  expect(verdict.withinLimit).toBe(false)
  // A fall after the warm-up (the heap collected and its pages returned) is no leak.
  const falling = flat.map((s) => ({ ...s, mib: s.atSeconds < 300 ? s.mib : 160 }))
  expect(rssVerdict(falling, 600)).toMatchObject({ growthPercent: -21.6, withinLimit: true })
  // A short run judges fifths: 30 s → a 6 s warm-up, windows of 6 s.
  expect(rssVerdict(flat.slice(0, 7), 30).windowSeconds).toBe(6)
})
