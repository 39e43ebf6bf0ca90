/**
 * The soak's core loop and its memory verdict for 20 s against two processes side by side, each collecting its
 * garbage in full every 2 s and writing its memory after it (fullGc.mjs), as `npm run soak` runs its server. One is a
 * Foyer server (on a scratch Postgres database, no chain: the catalogue, analytics and the wrong-code check) with an
 * extra route that can only fail (a path the server does not have, expected to answer 200): every one of its
 * requests must be counted as an error and no other request, and its memory must pass the verdict. The other is a
 * bare Node server preloaded with a deliberate leak (leakyServer.mjs with leak.mjs: 512 KiB of heap kept per
 * request): its memory must fail the verdict.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/src/test/backends.ts'
import { chainlessRoutes, type LoadRoute } from './routes.ts'
import { memoryVerdict, runSoakLoop } from './soakLoop.ts'
import { freePort, LOAD_LIMITS, rssMiB, type ServerProcess, startServerProcess } from './stack.ts'

const SECONDS = 20
const RATE = 15
const SAMPLE_EVERY = 2
/** Requests a second to the leaking server's leaking path: 2.5 MiB of heap kept a second. */
const LEAK_RATE = 5

const preload = (file: string) => `--import ${pathToFileURL(join(import.meta.dirname, file)).href}`
let work: string
let scratch: ScratchDatabase
let steady: ServerProcess
let leaking: ChildProcess
let leakingUrl: string
const memoryEnv = (name: string) => ({
  FOYER_SOAK_GC_SECONDS: String(SAMPLE_EVERY),
  FOYER_SOAK_MEMORY_FILE: join(work, `${name}.jsonl`),
})
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'foyer-soak-test-'))
  const port = await freePort()
  leakingUrl = `http://127.0.0.1:${port}`
  leaking = spawn(process.execPath, ['--expose-gc', join(import.meta.dirname, 'leakyServer.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_OPTIONS: `${preload('fullGc.mjs')} ${preload('leak.mjs')}`,
      PORT: String(port),
      FOYER_SOAK_LEAK_PATH: '/',
      ...memoryEnv('leaking'),
    },
  })
  scratch = await createScratchDatabase()
  steady = await startServerProcess({
    DATABASE_URL: scratch.url,
    ...LOAD_LIMITS,
    NODE_OPTIONS: `--expose-gc ${preload('fullGc.mjs')}`,
    ...memoryEnv('steady'),
  })
  for (
    let tries = 0;
    !(await fetch(leakingUrl).then(
      (r) => r.status === 404,
      () => false,
    ));
    tries++
  ) {
    if (tries > 100) throw new Error('the leaking server did not answer')
    await new Promise((r) => setTimeout(r, 100))
  }
})
afterAll(async () => {
  leaking?.kill()
  await steady?.stop()
  await scratch?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

const route = (name: string, path: string, expect: number): LoadRoute => ({
  name,
  label: name,
  method: 'GET',
  path,
  headers: {},
  expect,
})
const missing = route('missing', '/v1/no-such-route', 200)
const leak = route('leak', '/leak', 404)

it(
  'counts exactly the failing requests as errors, samples memory on the clock, and fails a leaking server',
  async () => {
    const routes = [...chainlessRoutes(), missing]
    const loop = (server: { url: string; pid: number }, routes: LoadRoute[], name: string, ratePerSecond: number) =>
      runSoakLoop({
        url: server.url,
        pid: server.pid,
        routes,
        ratePerSecond,
        seconds: SECONDS,
        sampleEverySeconds: SAMPLE_EVERY,
        memoryFile: join(work, `${name}.jsonl`),
      })
    const [run, leakRun] = await Promise.all([
      loop(steady, routes, 'steady', RATE),
      loop({ url: leakingUrl, pid: leaking.pid! }, [leak], 'leaking', LEAK_RATE),
    ])

    expect(run.sent).toBe(RATE * SECONDS)
    for (const route of routes) expect(run.routes[route.name]!.sent).toBe((RATE * SECONDS) / routes.length)
    expect(run.routes.missing!.errors).toBe(run.routes.missing!.sent)
    expect(run.routes.missing!.statuses).toEqual({ 404: run.routes.missing!.sent })
    for (const route of chainlessRoutes()) {
      expect(run.routes[route.name]!.errors, route.name).toBe(0)
      expect(run.routes[route.name]!.statuses, route.name).toEqual({ [route.expect]: run.routes[route.name]!.sent })
    }
    expect(run.errors).toBe(run.routes.missing!.sent)
    expect(leakRun.sent).toBe(LEAK_RATE * SECONDS)

    // RSS from outside: a sample at the start, one every second (a timer: on a busy machine a tick may come late), one
    // at the end; each a plausible Node server's RSS, of the server's process.
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
    const now = rssMiB(steady.pid)
    expect(Math.abs(now - run.rss.at(-1)!.mib) / now).toBeLessThan(0.5)

    // Memory after each full collection, written by the server itself about once a second during the loop; the live
    // heap is part of the RSS.
    expect(run.memory.length).toBeGreaterThanOrEqual(SECONDS / SAMPLE_EVERY - 4)
    for (const sample of run.memory) {
      expect(sample.atSeconds).toBeGreaterThanOrEqual(0)
      expect(sample.heapMiB).toBeGreaterThan(5)
      expect(sample.heapMiB).toBeLessThan(sample.rssMiB)
    }

    // The verdict: the steady server's memory holds within 10 % over the second half; the leaking one's does not
    // (about 2.5 MiB of heap kept a second).
    const verdict = memoryVerdict(run.memory, SECONDS)
    const leakVerdict = memoryVerdict(leakRun.memory, SECONDS)
    console.log(
      `soak test: steady RSS ${verdict.rss.growthPercent} %, heap ${verdict.heap.growthPercent} %; leaking RSS ${leakVerdict.rss.growthPercent} %, heap ${leakVerdict.heap.growthPercent} %`,
    )
    expect(verdict.withinLimit, JSON.stringify(verdict)).toBe(true)
    expect(leakVerdict.withinLimit, JSON.stringify(leakVerdict)).toBe(false)
    expect(leakVerdict.heap.growthPercent).toBeGreaterThan(10)
    expect(leakVerdict.rss.growthPercent).toBeGreaterThan(10)
  },
  // The loop, then up to the 10 s a last request may take to answer or time out.
  SECONDS * 1000 + 15_000,
)

it('judges the RSS and the live heap after collection by window medians over the second half', () => {
  // 10 minutes, a sample every 5 s: warm-up growth to 200 MiB RSS and 50 MiB of heap in the first half (not judged),
  // then flat with noise.
  const flat = Array.from({ length: 121 }, (_, i) => ({
    atSeconds: i * 5,
    rssMiB: i * 5 < 300 ? 100 + i * 1.5 : 200 + (i % 3) * 4,
    heapMiB: i * 5 < 300 ? 20 + i * 0.5 : 50 + (i % 2),
  }))
  const steady = memoryVerdict(flat, 600)
  expect(steady).toMatchObject({ warmUpSeconds: 300, windowSamples: 12, withinLimit: true })
  expect(steady.rss).toMatchObject({ earlyMedianMiB: 204, lateMedianMiB: 204, growthPercent: 0 })
  expect(steady.heap).toMatchObject({ earlyMedianMiB: 50.5, lateMedianMiB: 50.5, growthPercent: 0 })
  // The RSS leaking 0.1 MiB a second in the second half: 200 → about 227 MiB, over 10 %.
  const rssLeak = flat.map((s) => ({ ...s, rssMiB: s.atSeconds < 300 ? s.rssMiB : 200 + (s.atSeconds - 300) * 0.1 }))
  expect(memoryVerdict(rssLeak, 600).rss.growthPercent).toBeGreaterThan(10)
  expect(memoryVerdict(rssLeak, 600).withinLimit).toBe(false)
  // The live heap alone growing 50 → 60 MiB (20 %): fails too, though the RSS, at 200 MiB, grows only 5 %.
  const heapLeak = flat.map((s) =>
    s.atSeconds < 300 ? s : { ...s, heapMiB: 50 + (s.atSeconds - 300) / 30, rssMiB: 200 + (s.atSeconds - 300) / 30 },
  )
  expect(memoryVerdict(heapLeak, 600)).toMatchObject({ withinLimit: false })
  expect(memoryVerdict(heapLeak, 600).rss.growthPercent).toBeLessThan(10)
  // A fall in the second half is no leak.
  const falling = flat.map((s) => ({ ...s, rssMiB: s.atSeconds < 450 ? s.rssMiB : 160 }))
  expect(memoryVerdict(falling, 600)).toMatchObject({ withinLimit: true })
  // A short run, 20 s with a sample every 2 s: 10 s of warm-up, then one sample at each end of the judged half.
  const short = flat.slice(0, 11).map((s, i) => ({ ...s, atSeconds: i * 2 }))
  expect(memoryVerdict(short, 20)).toMatchObject({ warmUpSeconds: 10, windowSamples: 1 })
  expect(() => memoryVerdict(short.slice(0, 6), 20)).toThrow(/too few/)
})
