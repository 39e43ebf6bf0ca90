#!/usr/bin/env node
import { spawnSync } from 'node:child_process'
/**
 * Finds the Chromium the browser tests use: $FOYER_CHROMIUM, then Debian/Ubuntu's /usr/bin/chromium or
 * /usr/bin/chromium-browser. When none is there and we are root on a machine with apt-get, installs Debian's
 * `chromium` package. Never downloads a browser build of its own (no `playwright install`).
 *
 *   node scripts/find-chromium.mjs        prints the path, or one line saying what to do, and exits 1
 *   import { ensureChromium } from './scripts/find-chromium.mjs'
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

export const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** How every test and benchmark starts it: headless, no sandbox (root in CI), nothing that reaches the internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const NOT_FOUND_MESSAGE =
  'Chromium not found: run "sudo apt-get install -y chromium" (Debian/Ubuntu) or set FOYER_CHROMIUM=/path/to/chromium'

function isExecutable(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The Chromium to use, or null. $FOYER_CHROMIUM wins; if it is set but not an executable file, that is an
 * error (thrown) rather than a silent fallback.
 * @returns {string | null}
 */
export function findChromium(env = process.env) {
  const fromEnv = env.FOYER_CHROMIUM
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv
    throw new Error(`FOYER_CHROMIUM=${fromEnv} is not an executable file`)
  }
  return CANDIDATES.find(isExecutable) ?? null
}

function canInstallWithApt() {
  return typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get')
}

/**
 * Finds Chromium, installing Debian's package when possible (root + apt-get). Throws an Error whose message
 * is the one line to show when it cannot.
 * @param {{ install?: boolean, log?: (line: string) => void }} [options]
 * @returns {string}
 */
export function ensureChromium({ install = true, log = (line) => console.error(line) } = {}) {
  const found = findChromium()
  if (found) return found
  if (!install || !canInstallWithApt()) throw new Error(NOT_FOUND_MESSAGE)

  log('Chromium not found: installing Debian\'s "chromium" package with apt-get (about a minute)...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const opts = { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }
  const steps = [
    ['apt-get', ['-qq', 'update']],
    ['apt-get', ['-qq', 'install', '-y', 'chromium']],
  ]
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, opts)
    if (r.status !== 0) {
      const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n')
      if (tail) log(tail)
      throw new Error(`${NOT_FOUND_MESSAGE} (apt-get ${args.join(' ')} failed)`)
    }
  }
  const after = findChromium()
  if (!after) throw new Error(NOT_FOUND_MESSAGE)
  return after
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(ensureChromium())
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  }
}
