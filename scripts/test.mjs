#!/usr/bin/env node
/**
 * `npm test`: lint (Biome: `npm run lint`), the published packages built and packed (`npm run pack`), then unit tests
 * (vitest) and browser tests (Playwright on Debian's Chromium, the example sites installed from the tarballs) side by
 * side: much of either is waiting (on chains, servers, a browser), so together they take little more than the longer
 * one. Their ports never meet (the browser tests use the dev stack's, unit tests their own or port 0). Once either
 * lane has ended, the fault suite's short version runs beside the other (SHORT_FAULTS; `npm run faults` runs all of
 * it). Vitest's output streams live; Playwright's goes to .foyer/reports/playwright.log and is printed when all are
 * done. Then a line per failed test (`- failed: runner: file › name: first error line`) and one closing line
 * `N passed, N failed[, N skipped]`, both from the runners' JSON reports.
 * Exits non-zero when anything failed or when no test ran.
 *
 *   node scripts/test.mjs                 everything
 *   node scripts/test.mjs --unit-only     vitest only (further arguments go to vitest)
 *   node scripts/test.mjs --e2e-only      Playwright only (further arguments go to playwright test)
 */
import { spawn } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './find-chromium.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const reportDir = join(root, '.foyer', 'reports')
const VITEST_JSON = join(reportDir, 'vitest.json')
const PLAYWRIGHT_JSON = join(reportDir, 'playwright.json')
const PLAYWRIGHT_LOG = join(reportDir, 'playwright.log')
const FAULTS_JSON = join(reportDir, 'faults.json')
const FAULTS_LOG = join(reportDir, 'faults.log')
/** The fault suite's short version in `npm test`: two packed instances behind HAProxy, one killed (`npm run faults`: all). */
const SHORT_FAULTS = ['faults/kill.faults.test.ts']

const argv = process.argv.slice(2)
const unitOnly = argv.includes('--unit-only')
const e2eOnly = argv.includes('--e2e-only')
const passThrough = argv.filter((a) => a !== '--unit-only' && a !== '--e2e-only')
if (unitOnly && e2eOnly) fail('--unit-only and --e2e-only exclude each other')
if (passThrough.length && !unitOnly && !e2eOnly)
  fail(`extra arguments (${passThrough.join(' ')}) need --unit-only or --e2e-only to say which runner gets them`)
const runUnit = !e2eOnly
const runE2e = !unitOnly

function fail(message) {
  console.error(`test: ${message}`)
  process.exit(2)
}

/** Runs a command with inherited stdio (or its output into `logFile`); resolves with its exit code (signals count as failure). */
const running = new Set()
function run(cmd, args, env = {}, logFile) {
  return new Promise((resolvePromise) => {
    const out = logFile ? openSync(logFile, 'w') : 'inherit'
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', out, out], env: { ...process.env, ...env } })
    running.add(child)
    child.on('error', (err) => {
      console.error(`test: could not start ${cmd}: ${err.message}`)
      resolvePromise(127)
    })
    child.on('exit', (code, signal) => {
      running.delete(child)
      if (logFile) closeSync(out)
      resolvePromise(code ?? (signal ? 128 : 1))
    })
  })
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (running.size) for (const child of running) child.kill(sig)
    else process.exit(130)
  })
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

function binOf(pkg, rel) {
  return join(dirname(require.resolve(`${pkg}/package.json`)), rel)
}

const totals = { passed: 0, failed: 0, skipped: 0 }
/** Every failed test by name, printed in the closing lines so a log's tail says what failed. */
const failures = []
const notes = []
const started = Date.now()
mkdirSync(reportDir, { recursive: true })

// 1. Lint first (about 2 s): lint rules, formatting and import order (biome.jsonc, docs/contributing.md).
{
  const t0 = Date.now()
  const code = await run(process.execPath, [binOf('@biomejs/biome', 'bin/biome'), 'check', '--error-on-warnings', '.'])
  if (code !== 0) {
    console.error('test: lint failed (see above); `npm run lint` repeats it, `npm run lint:fix` applies the safe fixes')
    process.exit(1)
  }
  notes.push(`lint (${((Date.now() - t0) / 1000).toFixed(1)} s): biome check passed`)
}

// 2. Chromium, so a missing browser is reported before minutes of unit tests.
let chromium = null
if (runE2e) {
  try {
    chromium = ensureChromium()
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  }
}

// 3. The published packages: built, packed and checked (scripts/pack.mjs). The unit tests read the built output
// (API reports, Node imports), the example sites and the server test install the tarballs, and the fresh-clone
// test compares its own with them, so nothing runs without them.
{
  const t0 = Date.now()
  const code = await run(process.execPath, [join(root, 'scripts', 'pack.mjs')])
  if (code !== 0) {
    console.error('test: building or packing the packages failed (see above); `npm run pack` repeats it alone')
    process.exit(1)
  }
  notes.push(
    `pack (${((Date.now() - t0) / 1000).toFixed(1)} s): the libraries and the server built, packed and checked`,
  )
}

// 4. Unit tests and 5. browser tests, side by side (see the top of this file).
async function unitTests() {
  rmSync(VITEST_JSON, { force: true })
  const t0 = Date.now()
  const code = await run(process.execPath, [
    binOf('vitest', 'vitest.mjs'),
    'run',
    '--passWithNoTests',
    '--exclude',
    'e2e/**',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_JSON}`,
    ...(unitOnly ? passThrough : []),
  ])
  add('vitest', vitestCounts('vitest', VITEST_JSON, code), t0)
}

/** Passed, failed and skipped from a vitest JSON report (a file that failed to load counts as one failure). */
function vitestCounts(name, reportFile, code) {
  const report = readJson(reportFile)
  const c = { passed: 0, failed: 0, skipped: 0 }
  if (report) {
    c.passed = report.numPassedTests ?? 0
    c.failed = report.numFailedTests ?? 0
    c.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    for (const file of report.testResults ?? []) {
      const where = relative(root, file.name ?? '')
      const tests = file.assertionResults ?? []
      for (const test of tests)
        if (test.status === 'failed')
          failures.push(`${name}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
      // A file that failed with no failed test in it: it did not load, or a hook failed and its tests were skipped.
      if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
        c.failed += 1
        failures.push(
          `${name}: ${where} ${tests.length ? 'failed outside its tests (a hook?)' : 'did not load'}: ${firstLine(file.message)}`,
        )
      }
    }
  }
  if (code !== 0 && c.failed === 0) {
    c.failed += 1
    notes.push(`${name} exited with code ${code}${report ? '' : ' and wrote no report'}`)
  }
  return c
}

/** The fault suite's short version (SHORT_FAULTS), after whichever lane ends first. */
async function shortFaults() {
  rmSync(FAULTS_JSON, { force: true })
  const t0 = Date.now()
  const code = await run(
    process.execPath,
    [
      binOf('vitest', 'vitest.mjs'),
      'run',
      '-c',
      'vitest.faults.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${FAULTS_JSON}`,
      ...SHORT_FAULTS,
    ],
    {},
    FAULTS_LOG,
  )
  add('faults (short)', vitestCounts('faults (short)', FAULTS_JSON, code), t0)
}

async function browserTests() {
  rmSync(PLAYWRIGHT_JSON, { force: true })
  const t0 = Date.now()
  const code = await run(
    process.execPath,
    [binOf('@playwright/test', 'cli.js'), 'test', ...(e2eOnly ? passThrough : [])],
    {
      FOYER_CHROMIUM: chromium,
      FOYER_PLAYWRIGHT_JSON: PLAYWRIGHT_JSON,
      // The stack and the specs load Foyer's packages from source (package.json `@foyer/source`).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=@foyer/source`.trim(),
    },
    runUnit ? PLAYWRIGHT_LOG : undefined,
  )
  const report = readJson(PLAYWRIGHT_JSON)
  const c = { passed: 0, failed: 0, skipped: 0 }
  if (report?.stats) {
    c.passed = (report.stats.expected ?? 0) + (report.stats.flaky ?? 0)
    c.failed = report.stats.unexpected ?? 0
    c.skipped = report.stats.skipped ?? 0
    for (const failure of playwrightFailures(report.suites ?? [])) failures.push(`playwright: ${failure}`)
    // Errors outside tests (global setup, a spec that does not load) fail the run.
    const errors = report.errors ?? []
    if (errors.length) {
      c.failed += errors.length
      notes.push(`playwright reported ${errors.length} error(s) outside tests`)
    }
  }
  if (code !== 0 && c.failed === 0) {
    c.failed += 1
    notes.push(`playwright exited with code ${code}${report ? '' : ' and wrote no report'}`)
  }
  add('playwright', c, t0)
}

const everything = runUnit && runE2e
// The short fault test starts once either lane has ended, beside the other one.
const lanes = [runUnit && unitTests(), runE2e && browserTests()].filter(Boolean)
if (everything) await Promise.race(lanes)
await Promise.all([...lanes, everything && shortFaults()])
if (everything) {
  console.log(`\n--- Playwright (its output, kept in ${PLAYWRIGHT_LOG} while the unit tests ran) ---`)
  console.log(readFileSync(PLAYWRIGHT_LOG, 'utf8'))
  console.log(`\n--- The fault suite's short version (${SHORT_FAULTS.join(', ')}; its output in ${FAULTS_LOG}) ---`)
  console.log(readFileSync(FAULTS_LOG, 'utf8'))
}

/** "file:line › title: first line of the error" for every test that ended unexpectedly. */
function playwrightFailures(suites) {
  const out = []
  for (const suite of suites) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message
          out.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`)
        }
    out.push(...playwrightFailures(suite.suites ?? []))
  }
  return out
}

/** A failure message's first non-empty line without colour codes, so the closing summary names what failed. */
function firstLine(message) {
  const line = String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in runner output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim())
  return (line ?? '(no message)').trim().slice(0, 300)
}

function add(name, c, t0) {
  totals.passed += c.passed
  totals.failed += c.failed
  totals.skipped += c.skipped
  const secs = ((Date.now() - t0) / 1000).toFixed(1)
  notes.push(`${name} (${secs} s): ${c.passed} ok / ${c.failed} not ok / ${c.skipped} skipped`)
}

console.log('')
for (const note of notes) console.log(`- ${note}`)
for (const failure of failures) console.log(`- failed: ${failure}`)
console.log(`- total time ${((Date.now() - started) / 1000).toFixed(1)} s`)
const ran = totals.passed + totals.failed
if (ran === 0) console.log('- no test ran')
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(totals.failed > 0 || ran === 0 ? 1 : 0)
