/**
 * `npm run bench`: builds the demo and the floor page (the same wagmi + React page without Foyer, built the same
 * way), the minimal site and its floor, and the Solana-only site and its floor, serves each from a static server on
 * loopback, and measures them in Debian's Chromium:
 * JS fetched before any click (gzip), JS fetched on first open (and its idle preloads), page load, click → dialog
 * with its wallet list (first open and re-open) and JS heap with the modal open. Writes bench/results.json and docs/performance.md,
 * and prints the change against the previous results.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ANVIL_PRIVATE_KEYS, installTestWallet } from '@foyer/testing'
import { installSolanaTestWallet } from '@foyer/testing/solana'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { runAccountDataBench } from './bench-account-data.ts'
import { runAnalyticsBench } from './bench-analytics.ts'
import { runCatalogueBench } from './bench-catalogue.ts'
import { runLoadBench } from './bench-load.ts'
import { runRateLimitBench } from './bench-rate-limits.ts'
import { runUserOperationBench } from './bench-user-operations.ts'
import { prepareExample } from './examples.mjs'
import { CHROMIUM_ARGS, ensureChromium } from './find-chromium.mjs'

/** The rate limiter runs but never refuses the load generator (one address); docs/performance.md has its cost at the default limits. */
const COUNT_BUT_NEVER_LIMIT = { FOYER_RATE_LIMIT_PER_CLIENT: '1000000000', FOYER_RATE_LIMIT_PER_PROJECT: '1000000000' }

const root = resolve(import.meta.dirname, '..')
const demoDir = join(root, 'apps/demo')
const RUNS = Number(process.env.FOYER_BENCH_RUNS ?? 12)
const resultsFile = join(root, 'bench/results.json')
const docsFile = join(root, 'docs/performance.md')
const targets = { beforeClickOverFloorKiB: 30, clickToListMs: 45, loadOverFloorMs: 50, heapOverFloorMB: 3 }

type PageFigures = {
  beforeClickJsGzipKiB: number
  beforeClickJsFiles: number
  firstOpenJsGzipKiB?: number
  loadMs: number
  clickToListFirstMs?: number
  clickToListReopenMs?: number
  heapMB: number
}

function buildDemo() {
  const vite = join(root, 'node_modules/.bin/vite')
  execFileSync(vite, ['build', '--logLevel', 'warn'], { cwd: demoDir, stdio: 'inherit' })
  execFileSync(vite, ['build', '--logLevel', 'warn', '-c', 'vite.floor.config.ts'], { cwd: demoDir, stdio: 'inherit' })
}

let packed = false
/** An example site installed from the packed packages (packed once per run) and built; returns its folder. */
function buildExample(name: 'vite-react18' | 'vite-multichain'): string {
  if (!packed)
    execFileSync(process.execPath, [join(root, 'scripts/pack.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '' },
    })
  packed = true
  return prepareExample(name)
}

/** The wallet each page of a pair has, so the modal's list has a row: it never reaches a chain during the bench. */
type InstallWallet = (context: BrowserContext) => Promise<unknown>
const evmTestWallet: InstallWallet = (context) =>
  installTestWallet(context, {
    privateKey: ANVIL_PRIVATE_KEYS[0]!,
    chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }],
  })
const solanaTestWallet: InstallWallet = (context) =>
  installSolanaTestWallet(context, {
    devKeyIndex: 0,
    chains: [{ chain: 'solana:localnet', rpcUrl: 'http://127.0.0.1:1' }],
  })

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}
function serve(dir: string, index = 'index.html'): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
    let file = join(dir, path)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, index)
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    })
    res.end(readFileSync(file))
  })
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  )
}

const gzipCache = new Map<string, number>()
function gzipBytes(dir: string, url: string) {
  const file = join(dir, new URL(url).pathname)
  if (!gzipCache.has(file))
    gzipCache.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0)
  return gzipCache.get(file)!
}
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return Math.round((sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10
}

/**
 * In-page timing, kept as plain source text (a bundler's helpers must not leak into the page): starts at the
 * pointerdown on the connect button, resolves at the frame after the first wallet row of the dialog is laid out.
 */
const ARM_TIMER = `
  window.__t0 = undefined;
  window.__tList = new Promise(function (resolve) {
    var observer = new MutationObserver(function () {
      if (window.__t0 === undefined) return;
      var row = document.querySelector('[data-testid="foyer-modal"] [data-testid^="wallet-selector-"]');
      if (!row || row.getBoundingClientRect().height === 0) return;
      observer.disconnect();
      requestAnimationFrame(function () { resolve(performance.now() - window.__t0); });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  window.addEventListener('pointerdown', function () { window.__t0 = performance.now(); }, { capture: true, once: true });
`

async function clickAndTime(page: Page): Promise<number> {
  await page.evaluate(ARM_TIMER)
  await page.getByTestId('connect-button').click()
  return (await page.evaluate('window.__tList')) as number
}

async function heapMB(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  return Math.round((usedSize / 1024 / 1024) * 100) / 100
}

/** One page, measured run after run; `run` is called once per round so the two pages share the machine's moods. */
function pageMeasurer(browser: Browser, dir: string, url: string, withModal: boolean, installWallet: InstallWallet) {
  const loads: number[] = []
  const firsts: number[] = []
  const reopens: number[] = []
  let before = { bytes: 0, files: 0 }
  let onOpen = 0
  let heap = 0
  let runs = 0
  async function run() {
    const first = runs++ === 0
    const context = await browser.newContext()
    await installWallet(context)
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await page.goto(url, { waitUntil: 'load' })
    loads.push((await page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")) as number)
    // A person does not click within a second of the load: let idle-time preloading happen, as it would.
    await page.waitForTimeout(1000)
    const seenBefore = [...scripts]
    if (first) before = { bytes: seenBefore.reduce((sum, s) => sum + gzipBytes(dir, s), 0), files: seenBefore.length }
    if (withModal) {
      firsts.push(await clickAndTime(page))
      if (first) {
        // The open view preloads the views it leads to when the browser is idle (within 2 s): count those too, so
        // the figure does not depend on whether the idle callback ran before the list appeared.
        await page.waitForTimeout(2500)
        onOpen = scripts.slice(seenBefore.length).reduce((sum, s) => sum + gzipBytes(dir, s), 0)
      }
      await page.keyboard.press('Escape')
      await page
        .getByTestId('foyer-modal')
        .waitFor({ state: 'detached' })
        .catch(() => page.getByTestId('foyer-modal').waitFor({ state: 'hidden' }))
      reopens.push(await clickAndTime(page))
    }
    if (first) heap = await heapMB(page)
    await context.close()
  }
  function figures(): PageFigures {
    return {
      beforeClickJsGzipKiB: kib(before.bytes),
      beforeClickJsFiles: before.files,
      ...(withModal
        ? { firstOpenJsGzipKiB: kib(onOpen), clickToListFirstMs: median(firsts), clickToListReopenMs: median(reopens) }
        : {}),
      loadMs: median(loads),
      heapMB: heap,
    }
  }
  return { run, figures }
}

function report(
  demo: PageFigures,
  floor: PageFigures,
  previousDemo: PageFigures | undefined,
  labels: { site: string; floor: string },
) {
  const delta = (key: keyof PageFigures) => {
    const was = previousDemo?.[key]
    const now = demo[key]
    return typeof was === 'number' && typeof now === 'number' ? ` (was ${was})` : ''
  }
  const rows = [
    [
      'JS before any click, gzip KiB',
      demo.beforeClickJsGzipKiB,
      floor.beforeClickJsGzipKiB,
      `≤ floor + ${targets.beforeClickOverFloorKiB}`,
      demo.beforeClickJsGzipKiB - floor.beforeClickJsGzipKiB <= targets.beforeClickOverFloorKiB,
      delta('beforeClickJsGzipKiB'),
    ],
    ['JS fetched on first open, gzip KiB', demo.firstOpenJsGzipKiB, '—', '', undefined, delta('firstOpenJsGzipKiB')],
    [
      'Page load, median ms',
      demo.loadMs,
      floor.loadMs,
      `≤ floor + ${targets.loadOverFloorMs}`,
      demo.loadMs - floor.loadMs <= targets.loadOverFloorMs,
      delta('loadMs'),
    ],
    [
      'Click → wallet list, first open, median ms',
      demo.clickToListFirstMs,
      '—',
      `≤ ${targets.clickToListMs}`,
      (demo.clickToListFirstMs ?? Infinity) <= targets.clickToListMs,
      delta('clickToListFirstMs'),
    ],
    [
      'Click → wallet list, re-open, median ms',
      demo.clickToListReopenMs,
      '—',
      `≤ ${targets.clickToListMs}`,
      (demo.clickToListReopenMs ?? Infinity) <= targets.clickToListMs,
      delta('clickToListReopenMs'),
    ],
    [
      'JS heap (modal open / floor page), MB',
      demo.heapMB,
      floor.heapMB,
      `≤ floor + ${targets.heapOverFloorMB}`,
      demo.heapMB - floor.heapMB <= targets.heapOverFloorMB,
      delta('heapMB'),
    ],
  ] as const
  const table = [
    `| measure | ${labels.site} | ${labels.floor} | target | met |`,
    '|---|---|---|---|---|',
    ...rows.map(
      ([name, d, f, target, met, was]) =>
        `| ${name} | ${d}${was} | ${f} | ${target} | ${met === undefined ? '' : met ? 'yes' : '**no**'} |`,
    ),
  ].join('\n')
  return { table, allMet: rows.every((r) => r[4] !== false) }
}

/** Measures a page with Foyer against its floor, the two taking turns run after run. */
async function measurePair(
  browser: Browser,
  site: { dir: string; index?: string },
  floor: { dir: string; index?: string },
  installWallet: InstallWallet = evmTestWallet,
) {
  const siteServer = await serve(site.dir, site.index)
  const floorServer = await serve(floor.dir, floor.index)
  try {
    const floorPage = pageMeasurer(browser, floor.dir, floorServer.url, false, installWallet)
    const sitePage = pageMeasurer(browser, site.dir, siteServer.url, true, installWallet)
    for (let round = 0; round < RUNS; round++) {
      await floorPage.run()
      await sitePage.run()
    }
    return { site: sitePage.figures(), floor: floorPage.figures() }
  } finally {
    siteServer.server.close()
    floorServer.server.close()
  }
}

/**
 * Two pairs. The headline is the minimal site (examples/vite-react18 from the packed packages against the same
 * page with a plain wagmi connect button), as most sites start. The demo pair follows: its floor has a wagmi panel
 * whose viem actions Foyer shares, so it hides part of Foyer's cost.
 */
async function main() {
  const executablePath = ensureChromium()
  console.log('bench: building the demo, its floor page, and the minimal site (packed packages) with its floor…')
  buildDemo()
  const minimalDir = buildExample('vite-react18')
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  })
  try {
    console.log(`bench: measuring, ${RUNS} runs each, the two pages of each pair taking turns…`)
    const minimal = await measurePair(
      browser,
      { dir: join(minimalDir, 'dist') },
      { dir: join(minimalDir, 'dist-floor'), index: 'floor.html' },
    )
    const demoPair = await measurePair(browser, { dir: join(demoDir, 'dist') }, { dir: join(demoDir, 'dist-floor') })
    const minimalReport = report(minimal.site, minimal.floor, previous?.minimal?.site, {
      site: 'minimal site with Foyer',
      floor: 'same site, plain wagmi button',
    })
    const demoReport = report(demoPair.site, demoPair.floor, previous?.demo, {
      site: 'demo (Foyer)',
      floor: 'floor (wagmi + React + panel)',
    })
    const results = {
      date: new Date().toISOString(),
      runs: RUNS,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      minimal,
      demo: demoPair.site,
      floor: demoPair.floor,
      targets,
    }
    // Other sections (e.g. convertQuotes) keep their own keys in the same file.
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`)
    const tables = `**Minimal site** (examples/vite-react18 against the same page with a plain wagmi connect button):\n\n${minimalReport.table}\n\n**Demo** (apps/demo against its floor page):\n\n${demoReport.table}`
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/
    const block = `<!-- bench:start -->\nMeasured ${results.date.slice(0, 10)} (${RUNS} runs, ${results.machine}):\n\n${tables}\n<!-- bench:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
    console.log(`\n${tables}\n`)
    console.log(
      minimalReport.allMet && demoReport.allMet
        ? 'bench: every target met'
        : 'bench: some targets NOT met (see the tables)',
    )
  } finally {
    await browser.close()
  }
}

/**
 * The Solana-only pair: examples/vite-multichain's Solana-only page (solana.html: `@foyer/react` and `@foyer/solana`,
 * no wagmi or viem) against the same page with the Wallet Standard's wallet list on a plain button
 * (solana-floor.html), both from the packed packages, each built on its own. The Solana test wallet is installed so
 * the modal's list has a row.
 */
async function benchSolanaSite() {
  const executablePath = ensureChromium()
  console.log('bench: building the Solana-only site (packed packages) and its floor…')
  const dir = buildExample('vite-multichain')
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    console.log(`bench: measuring the Solana-only pair, ${RUNS} runs each, the two pages taking turns…`)
    const pair = await measurePair(
      browser,
      { dir: join(dir, 'dist-solana'), index: 'solana.html' },
      { dir: join(dir, 'dist-solana-floor'), index: 'solana-floor.html' },
      solanaTestWallet,
    )
    const { table, allMet } = report(pair.site, pair.floor, previous.solanaOnly?.site, {
      site: 'Solana-only site with Foyer',
      floor: 'same site, Wallet Standard list',
    })
    const result = {
      date: new Date().toISOString(),
      runs: RUNS,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      ...pair,
    }
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, solanaOnly: result }, null, 2)}\n`)
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:solana:start -->[\s\S]*<!-- bench:solana:end -->/
    const block = `<!-- bench:solana:start -->\nMeasured ${result.date.slice(0, 10)} (${RUNS} runs, ${result.machine}):\n\n${table}\n<!-- bench:solana:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
    console.log(`\n${table}\n`)
    console.log(
      allMet ? 'bench: every Solana-only target met' : 'bench: some Solana-only targets NOT met (see the table)',
    )
  } finally {
    await browser.close()
  }
}

// ---- Convert quote endpoint: latency and throughput of GET /v1/convert/quotes on loopback -------------

/**
 * Starts a fresh anvil chain with the devnet contracts and a Foyer server on free loopback ports (PGlite in a temp
 * folder), then measures `GET /v1/convert/quotes` over HTTP: sequential latency (median and p95 of 300 requests
 * after 30 warm-up ones, alternating a direct-pool quote ETH → fUSD and a two-candidate quote fUSD → FOY) and
 * throughput (10 concurrent clients for 5 s). Each quote is real work: `getAmountsOut` on every candidate path
 * and the pools' reserves for the price impact, read from anvil over JSON-RPC.
 */
async function benchConvertQuotes() {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { createServer: createNetServer } = await import('node:net')
  const { startDevnet, writeDevnet } = await import('@foyer/devnet')
  const { createServer: createFoyerServer, loadConfig } = await import('@foyer/server')
  const freePort = () =>
    new Promise<number>((ok) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => ok(port))
      })
    })
  console.log('bench: convert quotes — starting a chain and a server…')
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-'))
  const devnet = await startDevnet({
    chains: [{ id: 31337, name: 'Foyer Local', port: await freePort(), portEnv: 'FOYER_CHAIN1_PORT' }],
    devnetFile: null,
  })
  const devnetFile = writeDevnet(devnet.info, join(dir, 'devnet.json'))
  const server = await createFoyerServer(
    loadConfig({
      PORT: '0',
      FOYER_DEVNET_FILE: devnetFile,
      FOYER_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      ...COUNT_BUT_NEVER_LIMIT,
    }),
  )
  try {
    const { url } = await server.listen()
    const { weth: _weth, usd, token } = devnet.info.chains[0]!.contracts as Record<string, string>
    const user = devnet.info.accounts[0]!.address
    const caip = (address: string) => `eip155:31337:${address}`
    const quoteUrls = [
      `${url}/v1/convert/quotes?projectId=foyer-demo&amount=${10n ** 17n}&from=${caip('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')}&to=${caip(usd!)}&userAddress=${caip(user)}`,
      `${url}/v1/convert/quotes?projectId=foyer-demo&amount=${25n * 10n ** 6n}&from=${caip(usd!)}&to=${caip(token!)}&userAddress=${caip(user)}`,
    ]
    const quote = async (index: number) => {
      const response = await fetch(quoteUrls[index % quoteUrls.length]!)
      await response.arrayBuffer()
      return response.ok
    }
    for (let i = 0; i < 30; i++) if (!(await quote(i))) throw new Error('bench: the quote endpoint did not answer 200')
    const durations: number[] = []
    for (let i = 0; i < 300; i++) {
      const started = performance.now()
      await quote(i)
      durations.push(performance.now() - started)
    }
    durations.sort((a, b) => a - b)
    const round = (value: number) => Math.round(value * 100) / 100
    const latency = {
      requests: durations.length,
      medianMs: round(durations[durations.length >> 1]!),
      p95Ms: round(durations[Math.floor(durations.length * 0.95)]!),
    }

    const concurrency = 10
    const seconds = 5
    let ok = 0
    let errors = 0
    const until = performance.now() + seconds * 1000
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        for (let i = worker; performance.now() < until; i++) {
          if (await quote(i).catch(() => false)) ok++
          else errors++
        }
      }),
    )
    const throughput = { concurrency, seconds, requestsPerSecond: Math.round(ok / seconds), errors }
    const machine = `${process.platform} ${process.arch}, node ${process.version}`
    const result = { date: new Date().toISOString(), machine, latency, throughput }
    const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
    const was = previous.convertQuotes as typeof result | undefined
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, convertQuotes: result }, null, 2)}\n`)
    const wasText = (value: number | undefined) => (value === undefined ? '' : ` (was ${value})`)
    const table = [
      '| measure | value |',
      '|---|---|',
      `| Quote latency, sequential, median ms | ${latency.medianMs}${wasText(was?.latency.medianMs)} |`,
      `| Quote latency, sequential, p95 ms | ${latency.p95Ms}${wasText(was?.latency.p95Ms)} |`,
      `| Quote throughput, ${concurrency} concurrent clients, requests/s | ${throughput.requestsPerSecond}${wasText(was?.throughput.requestsPerSecond)} |`,
      `| Failed requests during the throughput run | ${errors} |`,
    ].join('\n')
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:convert:start -->[\s\S]*<!-- bench:convert:end -->/
    const block = `<!-- bench:convert:start -->\nMeasured ${result.date.slice(0, 10)} (${machine}):\n\n${table}\n<!-- bench:convert:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
    console.log(`\n${table}\n`)
  } finally {
    await server.close()
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * `npm run bench` runs every section; `npm run bench -- --only=<section>` runs one, and `--only=page,solana-page` the
 * ones listed: `page`, `solana-page`, `convert`, `account-data`, `catalogue`, `rate-limits`, `analytics`, `load`,
 * `user-operations`.
 */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const selected = (section: string) => !only || only.includes(section)
if (selected('page')) await main()
if (selected('solana-page')) await benchSolanaSite()
if (selected('convert')) await benchConvertQuotes()
if (selected('account-data')) await runAccountDataBench({ resultsFile, docsFile })
if (selected('catalogue')) await runCatalogueBench({ resultsFile, docsFile })
if (selected('rate-limits')) await runRateLimitBench()
if (selected('analytics')) await runAnalyticsBench({ resultsFile, docsFile })
if (selected('load')) await runLoadBench({ resultsFile, docsFile })
if (selected('user-operations')) await runUserOperationBench({ resultsFile, docsFile })
