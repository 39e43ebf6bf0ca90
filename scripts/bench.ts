/**
 * `npm run bench`: builds the demo and the floor page (the same wagmi + React page without Foyer, built the same
 * way), serves each from a static server on loopback, and measures them in Debian's Chromium:
 * JS fetched before any click (gzip), JS fetched on first open, page load, click → dialog with its wallet list
 * (first open and re-open) and JS heap with the modal open. Writes bench/results.json and docs/performance.md,
 * and prints the change against the previous results.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ANVIL_PRIVATE_KEYS, installTestWallet } from '@foyer/testing'
import { type Browser, type Page, chromium } from 'playwright-core'
import { ensureChromium } from './find-chromium.mjs'

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

function build() {
  const vite = join(root, 'node_modules/.bin/vite')
  execFileSync(vite, ['build', '--logLevel', 'warn'], { cwd: demoDir, stdio: 'inherit' })
  execFileSync(vite, ['build', '--logLevel', 'warn', '-c', 'vite.floor.config.ts'], { cwd: demoDir, stdio: 'inherit' })
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
    let file = join(dir, path)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html')
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    res.end(readFileSync(file))
  })
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })))
}

const gzipCache = new Map<string, number>()
function gzipBytes(dir: string, url: string) {
  const file = join(dir, new URL(url).pathname)
  if (!gzipCache.has(file)) gzipCache.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0)
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

async function measure(browser: Browser, dir: string, url: string, withModal: boolean): Promise<PageFigures> {
  const loads: number[] = []
  const firsts: number[] = []
  const reopens: number[] = []
  let before = { bytes: 0, files: 0 }
  let onOpen = 0
  let heap = 0
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    await installTestWallet(context, { privateKey: ANVIL_PRIVATE_KEYS[0]!, chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }] })
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await page.goto(url, { waitUntil: 'load' })
    loads.push((await page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")) as number)
    // A person does not click within a second of the load: let idle-time preloading happen, as it would.
    await page.waitForTimeout(1000)
    const seenBefore = [...scripts]
    if (run === 0) before = { bytes: seenBefore.reduce((sum, s) => sum + gzipBytes(dir, s), 0), files: seenBefore.length }
    if (withModal) {
      firsts.push(await clickAndTime(page))
      if (run === 0) onOpen = scripts.slice(seenBefore.length).reduce((sum, s) => sum + gzipBytes(dir, s), 0)
      await page.keyboard.press('Escape')
      await page.getByTestId('foyer-modal').waitFor({ state: 'detached' }).catch(() => page.getByTestId('foyer-modal').waitFor({ state: 'hidden' }))
      reopens.push(await clickAndTime(page))
    }
    if (run === 0) heap = await heapMB(page)
    await context.close()
  }
  return {
    beforeClickJsGzipKiB: kib(before.bytes),
    beforeClickJsFiles: before.files,
    ...(withModal ? { firstOpenJsGzipKiB: kib(onOpen), clickToListFirstMs: median(firsts), clickToListReopenMs: median(reopens) } : {}),
    loadMs: median(loads),
    heapMB: heap,
  }
}

function report(demo: PageFigures, floor: PageFigures, previous?: { demo: PageFigures; floor: PageFigures; date: string }) {
  const delta = (key: keyof PageFigures) => {
    const was = previous?.demo[key]
    const now = demo[key]
    return typeof was === 'number' && typeof now === 'number' ? ` (was ${was})` : ''
  }
  const rows = [
    ['JS before any click, gzip KiB', demo.beforeClickJsGzipKiB, floor.beforeClickJsGzipKiB, `≤ floor + ${targets.beforeClickOverFloorKiB}`, demo.beforeClickJsGzipKiB - floor.beforeClickJsGzipKiB <= targets.beforeClickOverFloorKiB, delta('beforeClickJsGzipKiB')],
    ['JS fetched on first open, gzip KiB', demo.firstOpenJsGzipKiB, '—', '', undefined, delta('firstOpenJsGzipKiB')],
    ['Page load, median ms', demo.loadMs, floor.loadMs, `≤ floor + ${targets.loadOverFloorMs}`, demo.loadMs - floor.loadMs <= targets.loadOverFloorMs, delta('loadMs')],
    ['Click → wallet list, first open, median ms', demo.clickToListFirstMs, '—', `≤ ${targets.clickToListMs}`, (demo.clickToListFirstMs ?? Infinity) <= targets.clickToListMs, delta('clickToListFirstMs')],
    ['Click → wallet list, re-open, median ms', demo.clickToListReopenMs, '—', `≤ ${targets.clickToListMs}`, (demo.clickToListReopenMs ?? Infinity) <= targets.clickToListMs, delta('clickToListReopenMs')],
    ['JS heap (modal open / floor page), MB', demo.heapMB, floor.heapMB, `≤ floor + ${targets.heapOverFloorMB}`, demo.heapMB - floor.heapMB <= targets.heapOverFloorMB, delta('heapMB')],
  ] as const
  const table = [
    '| measure | demo (Foyer) | floor (wagmi + React) | target | met |',
    '|---|---|---|---|---|',
    ...rows.map(([name, d, f, target, met, was]) => `| ${name} | ${d}${was} | ${f} | ${target} | ${met === undefined ? '' : met ? 'yes' : '**no**'} |`),
  ].join('\n')
  return { table, allMet: rows.every((r) => r[4] !== false) }
}

async function main() {
  const executablePath = ensureChromium()
  console.log('bench: building the demo and the floor page…')
  build()
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const demoServer = await serve(join(demoDir, 'dist'))
  const floorServer = await serve(join(demoDir, 'dist-floor'))
  try {
    console.log(`bench: measuring, ${RUNS} runs each…`)
    const floor = await measure(browser, join(demoDir, 'dist-floor'), floorServer.url, false)
    const demo = await measure(browser, join(demoDir, 'dist'), demoServer.url, true)
    const { table, allMet } = report(demo, floor, previous)
    const results = { date: new Date().toISOString(), runs: RUNS, machine: `${process.platform} ${process.arch}, node ${process.version}`, demo, floor, targets }
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`)
    const doc = readFileSync(docsFile, 'utf8')
    const marker = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/
    const block = `<!-- bench:start -->\nMeasured ${results.date.slice(0, 10)} (${RUNS} runs, ${results.machine}):\n\n${table}\n<!-- bench:end -->`
    writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
    console.log(`\n${table}\n`)
    console.log(allMet ? 'bench: every target met' : 'bench: some targets NOT met (see the table)')
  } finally {
    demoServer.server.close()
    floorServer.server.close()
    await browser.close()
  }
}

await main()
