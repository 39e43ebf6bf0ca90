/**
 * `npm run bench -- --only=load` (and part of `npm run bench`): requests/s and p50/p99 latency of six routes at one
 * server instance and at two, the two on one Postgres database (scripts/load/stack.ts: each server its own process,
 * an anvil chain with the devnet contracts, Redis for the limit counters when it answers). Load: autocannon on
 * loopback, CONNECTIONS connections; with two instances autocannon is given both URLs and pins half the connections
 * to each (a connection-level balancer), and reports one histogram over both. Every route gets a 2 s warm-up (on both
 * instances) and SECONDS measured at each; each request comes from a client address that changes every 20 requests (routes.ts), so the
 * per-client limits count every request at their defaults without refusing any. An answer other than the route's
 * expected status is counted as an error. Each figure also gives the serving processes' CPU time per request (from
 * /proc), which moves much less with the machine's load than the rate does. Writes the `load` key of bench/results.json and the `bench:load` block of
 * docs/performance.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import autocannon from 'autocannon'
import { clientAddresses, type LoadRoute, loadRoutes } from './load/routes.ts'
import { cpuMs, type ServerProcess, startLoadStack } from './load/stack.ts'

const CONNECTIONS = 10
const SECONDS = Number(process.env.FOYER_BENCH_SECONDS ?? 4)
const WARM_UP_SECONDS = 2

type RouteFigures = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  errors: number
  /** The serving processes' CPU time per request (user + system), µs: steadier than the rate on a shared machine. */
  serverCpuMicrosecondsPerRequest?: number
}

/** The processes' CPU time so far, summed, in ms (undefined without /proc). */
function serversCpuMs(servers: ServerProcess[]): number | undefined {
  let total = 0
  for (const server of servers) {
    const ms = cpuMs(server.pid)
    if (ms === undefined) return undefined
    total += ms
  }
  return total
}

let addressOffset = 0

async function measure(servers: ServerProcess[], route: LoadRoute, seconds: number): Promise<RouteFigures> {
  const urls = servers.map((s) => s.url)
  addressOffset += 1 << 16 // each run from addresses of its own
  const nextClient = clientAddresses(addressOffset)
  const cpuBefore = serversCpuMs(servers)
  const result = await autocannon({
    // autocannon takes several URLs and spreads the connections over them; its type definitions know only one.
    url: (urls.length === 1 ? urls[0]! : urls) as string,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: route.method,
        path: route.path,
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...route.headers, 'x-forwarded-for': nextClient() },
          ...(route.body ? { body: route.body() } : {}),
        }),
      },
    ],
  })
  const cpuAfter = serversCpuMs(servers)
  const answered = Object.entries(result.statusCodeStats ?? {}).reduce((sum, [, s]) => sum + (s.count ?? 0), 0)
  const expected = result.statusCodeStats?.[String(route.expect) as keyof typeof result.statusCodeStats]?.count ?? 0
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + (answered - expected),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { serverCpuMicrosecondsPerRequest: Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total) }
      : {}),
  }
}

/**
 * Route by route, at one instance then at two, so both figures of a row share the machine's load of the moment; the
 * warm-up runs on both instances. While one instance is measured the other idles (its indexer still polls the chain,
 * as it would behind a balancer).
 */
async function measureAll(servers: [ServerProcess, ServerProcess], routes: LoadRoute[]) {
  const one: Record<string, RouteFigures> = {}
  const two: Record<string, RouteFigures> = {}
  for (const route of routes) {
    // One request first: a route that cannot answer as expected fails the bench instead of giving a figure.
    for (const { url } of servers) {
      const check = await fetch(`${url}${route.path}`, {
        method: route.method,
        headers: { ...route.headers, 'x-forwarded-for': '10.255.255.254' },
        body: route.body?.(),
      })
      if (check.status !== route.expect)
        throw new Error(`bench: ${route.name} answered ${check.status}: ${(await check.text()).slice(0, 200)}`)
    }
    await measure(servers, route, WARM_UP_SECONDS)
    one[route.name] = await measure([servers[0]], route, SECONDS)
    two[route.name] = await measure(servers, route, SECONDS)
    console.log(
      `bench: load — ${route.name}: one ${JSON.stringify(one[route.name])}, two ${JSON.stringify(two[route.name])}`,
    )
  }
  return { one, two }
}

export async function runLoadBench({ resultsFile, docsFile }: { resultsFile: string; docsFile: string }) {
  console.log('bench: load — starting a chain, a Postgres database and two server processes…')
  const loadAtStart = loadavg()[0]!
  const stack = await startLoadStack()
  try {
    const routes = loadRoutes(stack.devnet.info)
    const [first, second] = await stack.startServers(2)
    const { one, two } = await measureAll([first!, second!], routes)
    const loadAtEnd = loadavg()[0]!
    const machine = `${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores`
    const load = {
      date: new Date().toISOString(),
      machine,
      loadAverage: { start: Number(loadAtStart.toFixed(1)), end: Number(loadAtEnd.toFixed(1)) },
      connections: CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      seconds: SECONDS,
      database: 'postgres',
      counters: stack.counters,
      oneInstance: one,
      twoInstances: two,
    }
    const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, load }, null, 2)}\n`)
    const cell = (f: RouteFigures) =>
      `${f.requestsPerSecond} | ${f.p50Ms} / ${f.p99Ms}${f.errors ? ` (**${f.errors} errors**)` : ''} | ${f.serverCpuMicrosecondsPerRequest ?? '—'}`
    const table = [
      '| route | 1 instance: req/s | p50 / p99 ms | server CPU µs/req | 2 instances: req/s | p50 / p99 ms | server CPU µs/req |',
      '|---|---|---|---|---|---|---|',
      ...routes.map((r) => `| ${r.label} | ${cell(one[r.name]!)} | ${cell(two[r.name]!)} |`),
    ].join('\n')
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:load:start -->[\s\S]*<!-- bench:load:end -->/
    const block = `<!-- bench:load:start -->\nMeasured ${load.date.slice(0, 10)} (${machine}; load average ${load.loadAverage.start} at the start, ${load.loadAverage.end} at the end; Postgres, limit counters in ${stack.counters}; autocannon, ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s per route):\n\n${table}\n<!-- bench:load:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
    console.log(`\n${table}\n`)
  } finally {
    await stack.stop()
  }
}
