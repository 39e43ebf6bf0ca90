/**
 * `npm run soak [-- --minutes=N] [-- --rate=R]`: one Foyer server process on Postgres (scripts/load/stack.ts: an
 * anvil chain with the devnet contracts, Redis for the limit counters when it answers) under a steady mixed rate —
 * R requests/s (default 200) round-robin over the catalogue, an account balance, account history, a swap quote,
 * `POST /e` and a wrong login code — for N minutes (default 10; `--minutes=0.5` is a quick check). The server
 * collects its garbage in full every 5 s (more often in a short run) and writes its memory right after
 * (fullGc.mjs); its RSS is also sampled from outside on the same clock. Passes when no request failed and, over the
 * second half of the run, neither the RSS nor the live heap measured after a collection grew by more than 10 %
 * (memoryVerdict in soakLoop.ts). Writes the `soak` key of bench/results.json and the `soak` block of
 * docs/reliability.md; exits 1 when it does not pass.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadRoutes } from './routes.ts'
import { type MemoryVerdict, memoryVerdict, runSoakLoop, type SoakRun } from './soakLoop.ts'
import { startLoadStack } from './stack.ts'

const root = resolve(import.meta.dirname, '../..')
const resultsFile = join(root, 'bench/results.json')
const docsFile = join(root, 'docs/reliability.md')
const MEMORY_LIMIT_PERCENT = 10

const option = (name: string, fallback: number) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const value = given === undefined ? fallback : Number(given)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`soak: --${name} must be a positive number`)
  return value
}
const minutes = option('minutes', 10)
const rate = option('rate', 200)
const seconds = minutes * 60
const sampleEverySeconds = Math.min(5, seconds / 30)

type SoakFigures = {
  date: string
  machine: string
  loadAverage: { start: number; end: number }
  minutes: number
  ratePerSecond: number
  counters: string
  run: Omit<SoakRun, 'rss' | 'memory'> & { achievedPerSecond: number }
  /** The verdict's memory: after each full collection; `series` is [seconds, RSS MiB, heap MiB]. */
  memory: MemoryVerdict & { samples: number; everySeconds: number; series: [number, number, number][] }
  /** RSS sampled from outside (/proc), between collections: [seconds, MiB]. */
  rss: { minMiB: number; maxMiB: number; series: [number, number][] }
  passed: boolean
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

function report(f: SoakFigures): string {
  const routeRows = Object.entries(f.run.routes).map(
    ([name, r]) =>
      `| ${name} | ${r.sent} | ${r.errors}${
        r.errors
          ? ` (${Object.entries(r.statuses)
              .map(([s, n]) => `${s}: ${n}`)
              .join(', ')})`
          : ''
      } |`,
  )
  return [
    `Measured ${f.date.slice(0, 10)} (${f.machine}; load average ${f.loadAverage.start} at the start, ${f.loadAverage.end} at the end; one server process on Postgres, limit counters in ${f.counters}; a full garbage collection in the server every ${f.memory.everySeconds} s):`,
    '',
    '| measure | value |',
    '|---|---|',
    `| Duration | ${f.minutes} min |`,
    `| Rate asked / achieved | ${f.ratePerSecond} / ${f.run.achievedPerSecond} req/s |`,
    `| Requests / errors | ${f.run.sent} / ${f.run.errors} |`,
    `| Latency p50 / p99 | ${f.run.latency.p50Ms} / ${f.run.latency.p99Ms} ms |`,
    `| Memory samples after a full collection | ${f.memory.samples}, every ${f.memory.everySeconds} s |`,
    `| Judged | the last ${f.memory.warmUpSeconds} s (the first ${f.memory.warmUpSeconds} s are warm-up): the median of its first ${f.memory.windowSamples} samples against the median of its last ${f.memory.windowSamples} |`,
    `| RSS after collection, median first → last window | ${f.memory.rss.earlyMedianMiB} → ${f.memory.rss.lateMedianMiB} MiB (${signed(f.memory.rss.growthPercent)} %, limit +${f.memory.limitPercent} %) |`,
    `| Live heap after collection, median first → last window | ${f.memory.heap.earlyMedianMiB} → ${f.memory.heap.lateMedianMiB} MiB (${signed(f.memory.heap.growthPercent)} %, limit +${f.memory.limitPercent} %) |`,
    `| RSS / live heap after collection, min – max in the judged half | ${f.memory.rss.minMiB} – ${f.memory.rss.maxMiB} / ${f.memory.heap.minMiB} – ${f.memory.heap.maxMiB} MiB |`,
    `| RSS sampled from outside, min – max over the whole run | ${f.rss.minMiB} – ${f.rss.maxMiB} MiB |`,
    `| Passed (no errors, memory within the limit) | ${f.passed ? 'yes' : '**no**'} |`,
    '',
    '| route | requests | errors |',
    '|---|---|---|',
    ...routeRows,
  ].join('\n')
}

function write(figures: SoakFigures) {
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
  writeFileSync(resultsFile, `${JSON.stringify({ ...previous, soak: figures }, null, 2)}\n`)
  const block = `<!-- soak:start -->\n${report(figures)}\n<!-- soak:end -->`
  const marker = /<!-- soak:start -->[\s\S]*<!-- soak:end -->/
  const doc = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : '# Reliability\n'
  const next = marker.test(doc)
    ? doc.replace(marker, block)
    : `${doc.trimEnd()}\n\n## Soak\n\nRun: \`npm run soak\` (10 minutes at 200 requests/s; \`-- --minutes=0.5\` for a quick check).\n\n${block}\n`
  writeFileSync(docsFile, next)
}

async function main() {
  console.log(`soak: ${minutes} min at ${rate} req/s — starting a chain, a Postgres database and a server process…`)
  const loadAtStart = loadavg()[0]!
  const stack = await startLoadStack()
  const work = mkdtempSync(join(tmpdir(), 'foyer-soak-'))
  const memoryFile = join(work, 'memory.jsonl')
  try {
    const [server] = await stack.startServers(1, {
      NODE_OPTIONS: `--expose-gc --import ${pathToFileURL(join(import.meta.dirname, 'fullGc.mjs')).href}`,
      FOYER_SOAK_GC_SECONDS: String(sampleEverySeconds),
      FOYER_SOAK_MEMORY_FILE: memoryFile,
    })
    const run = await runSoakLoop({
      url: server!.url,
      pid: server!.pid,
      routes: loadRoutes(stack.devnet.info),
      ratePerSecond: rate,
      seconds,
      sampleEverySeconds,
      memoryFile,
      onSample: (s, sent, errors) => {
        if (Math.round(s.atSeconds) % 30 < sampleEverySeconds)
          console.log(`soak: ${s.atSeconds} s, RSS ${s.mib} MiB, ${sent} requests, ${errors} errors`)
      },
    })
    const verdict = memoryVerdict(run.memory, seconds, MEMORY_LIMIT_PERCENT)
    const { rss, memory, ...rest } = run
    const raw = rss.map((s) => s.mib)
    const figures: SoakFigures = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores`,
      loadAverage: { start: Number(loadAtStart.toFixed(1)), end: Number(loadavg()[0]!.toFixed(1)) },
      minutes,
      ratePerSecond: rate,
      counters: stack.counters,
      run: { ...rest, achievedPerSecond: Math.round(run.sent / run.seconds) },
      memory: {
        ...verdict,
        samples: memory.length,
        everySeconds: sampleEverySeconds,
        series: memory.map((s) => [s.atSeconds, s.rssMiB, s.heapMiB]),
      },
      rss: { minMiB: Math.min(...raw), maxMiB: Math.max(...raw), series: rss.map((s) => [s.atSeconds, s.mib]) },
      passed: run.errors === 0 && verdict.withinLimit,
    }
    write(figures)
    console.log(`\n${report(figures)}\n`)
    console.log(figures.passed ? 'soak: passed' : 'soak: FAILED (see the table)')
    process.exitCode = figures.passed ? 0 : 1
  } finally {
    await stack.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
