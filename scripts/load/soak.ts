/**
 * `npm run soak [-- --minutes=N] [-- --rate=R] [-- --full-gc]`: one Foyer server process on Postgres (scripts/load/stack.ts: an
 * anvil chain with the devnet contracts, Redis for the limit counters when it answers) under a steady mixed rate —
 * R requests/s (default 200) round-robin over the catalogue, an account balance, account history, a swap quote,
 * `POST /e` and a wrong login code — for N minutes (default 10; `--minutes=0.5` is a quick check). Samples the
 * server's RSS every 5 s (more often in a short run). Passes when no request failed and the median RSS of the last
 * minute is at most 10 % above the median of the first minute after a minute's warm-up (a fifth of the run for each in
 * runs under 5 minutes). Writes the `soak` key of bench/results.json and the `soak` block of docs/reliability.md;
 * exits 1 when it does not pass. `--full-gc` has the server collect its garbage in full every 5 s (fullGc.mjs), so
 * its RSS follows its live memory rather than V8's lazy heap growth: to tell a leak from the heap's sawtooth.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadRoutes } from './routes.ts'
import { type RssVerdict, rssVerdict, runSoakLoop, type SoakRun } from './soakLoop.ts'
import { startLoadStack } from './stack.ts'

const root = resolve(import.meta.dirname, '../..')
const resultsFile = join(root, 'bench/results.json')
const docsFile = join(root, 'docs/reliability.md')
const RSS_LIMIT_PERCENT = 10

const option = (name: string, fallback: number) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const value = given === undefined ? fallback : Number(given)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`soak: --${name} must be a positive number`)
  return value
}
/** `--full-gc`: the server collects its garbage in full every 5 s (fullGc.mjs), so RSS follows the live memory. */
const fullGc = process.argv.includes('--full-gc')
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
  /** The server collected its garbage in full every 5 s (`--full-gc`). */
  fullGc: boolean
  counters: string
  run: Omit<SoakRun, 'rss'> & { achievedPerSecond: number }
  rss: RssVerdict & { samples: number; everySeconds: number; series: [number, number][] }
  passed: boolean
}

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
    `Measured ${f.date.slice(0, 10)} (${f.machine}; load average ${f.loadAverage.start} at the start, ${f.loadAverage.end} at the end; one server process on Postgres, limit counters in ${f.counters}${f.fullGc ? '; a full garbage collection in the server every 5 s (`--full-gc`)' : ''}):`,
    '',
    '| measure | value |',
    '|---|---|',
    `| Duration | ${f.minutes} min |`,
    `| Rate asked / achieved | ${f.ratePerSecond} / ${f.run.achievedPerSecond} req/s |`,
    `| Requests / errors | ${f.run.sent} / ${f.run.errors} |`,
    `| Latency p50 / p99 | ${f.run.latency.p50Ms} / ${f.run.latency.p99Ms} ms |`,
    `| RSS samples | ${f.rss.samples}, every ${f.rss.everySeconds} s |`,
    `| RSS median, first ${f.rss.windowSeconds} s after a ${f.rss.warmUpSeconds} s warm-up | ${f.rss.earlyMedianMiB} MiB |`,
    `| RSS median, last ${f.rss.windowSeconds} s | ${f.rss.lateMedianMiB} MiB |`,
    `| RSS change, last window against the first (limit +${RSS_LIMIT_PERCENT} %) | ${f.rss.growthPercent} % |`,
    `| RSS min / max after the warm-up | ${f.rss.minMiB} / ${f.rss.maxMiB} MiB |`,
    `| Passed (no errors, RSS within the limit) | ${f.passed ? 'yes' : '**no**'} |`,
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
  try {
    const [server] = await stack.startServers(
      1,
      fullGc
        ? { NODE_OPTIONS: `--expose-gc --import ${pathToFileURL(join(import.meta.dirname, 'fullGc.mjs')).href}` }
        : {},
    )
    const run = await runSoakLoop({
      url: server!.url,
      pid: server!.pid,
      routes: loadRoutes(stack.devnet.info),
      ratePerSecond: rate,
      seconds,
      sampleEverySeconds,
      onSample: (s, sent, errors) => {
        if (Math.round(s.atSeconds) % 30 < sampleEverySeconds)
          console.log(`soak: ${s.atSeconds} s, RSS ${s.mib} MiB, ${sent} requests, ${errors} errors`)
      },
    })
    const verdict = rssVerdict(run.rss, seconds, RSS_LIMIT_PERCENT)
    const { rss, ...rest } = run
    const figures: SoakFigures = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores`,
      loadAverage: { start: Number(loadAtStart.toFixed(1)), end: Number(loadavg()[0]!.toFixed(1)) },
      minutes,
      ratePerSecond: rate,
      fullGc,
      counters: stack.counters,
      run: { ...rest, achievedPerSecond: Math.round(run.sent / run.seconds) },
      rss: {
        ...verdict,
        samples: rss.length,
        everySeconds: sampleEverySeconds,
        series: rss.map((s) => [s.atSeconds, s.mib]),
      },
      passed: run.errors === 0 && verdict.withinLimit,
    }
    write(figures)
    console.log(`\n${report(figures)}\n`)
    console.log(figures.passed ? 'soak: passed' : 'soak: FAILED (see the table)')
    process.exitCode = figures.passed ? 0 : 1
  } finally {
    await stack.stop()
  }
}

await main()
