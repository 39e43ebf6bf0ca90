/**
 * `foyer-server` instances as an operator runs them: the tarball `npm run pack` made, `npm install`ed into a
 * temporary folder, its bin started with settings in the environment. Each instance can be started again on the
 * same port after a stop or a kill.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PACKS_DIR } from '../../scripts/pack.mjs'
import { type Child, spawnChild, stopChild, waitFor } from './process.ts'

/** One JSON log line of the server (`msg`, `level`, `time` and the line's own fields). */
export type LogLine = { msg?: string; route?: string; [field: string]: unknown }

export interface ServerInstance {
  readonly name: string
  readonly port: number
  readonly url: string
  /** The running process (a new one after each start). */
  child(): Child | undefined
  /**
   * Starts the bin (with `overrides` over its settings, for this start only) and waits for its `ready` log line;
   * returns how long that took (ms).
   */
  start(overrides?: Record<string, string>): Promise<number>
  /** SIGTERM: drains, then exits; returns how long until the process was gone (ms). */
  term(ms?: number): Promise<number>
  /** SIGKILL: gone at once. */
  kill(): Promise<void>
  /** The JSON log lines of the current process, parsed. */
  logs(): LogLine[]
  stop(): Promise<void>
}

/**
 * Installs the packed server; returns the bin's path. Throws one line when there is no tarball. The install is
 * kept in the system's temporary folder under the tarball's digest, so the fault files after the first (and runs
 * on the same tarball) skip the ~50 s `npm install`; a new tarball gets a new folder.
 */
export function installPackedServer(): string {
  const tarball = join(PACKS_DIR, 'foyer-server.tgz')
  if (!existsSync(tarball)) throw new Error(`${tarball} is missing: run \`npm run pack\` first`)
  const digest = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 16)
  const folder = join(tmpdir(), `foyer-faults-server-${digest}`)
  const bin = join(folder, 'node_modules/.bin/foyer-server')
  if (existsSync(join(folder, 'installed'))) return bin
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  try {
    execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', '--no-audit', '--no-fund', tarball], {
      cwd: folder,
      stdio: 'pipe',
      timeout: 240_000,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    })
  } catch (e) {
    throw new Error(`npm install of ${tarball} failed:\n${(e as { stderr?: Buffer }).stderr?.toString() ?? e}`)
  }
  writeFileSync(join(folder, 'installed'), tarball)
  return bin
}

export function serverInstance(
  bin: string,
  name: string,
  port: number,
  env: Record<string, string>,
  cwd: string,
): ServerInstance {
  let current: Child | undefined
  const logs = () => (current?.lines ?? []).map(parse).filter((l): l is LogLine => l !== undefined)
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: () => current,
    logs,
    async start(overrides = {}) {
      const began = performance.now()
      current = spawnChild(`foyer-server ${name}`, bin, [], {
        cwd,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: '127.0.0.1',
          PORT: String(port),
          ...env,
          ...overrides,
        },
      })
      await waitFor(
        `foyer-server ${name} ready`,
        () => (logs().some((l) => l.msg === 'ready') ? true : undefined),
        60_000,
        {
          child: current,
        },
      )
      return Math.round(performance.now() - began)
    },
    term: (ms = 30_000) => current!.signal('SIGTERM', ms),
    async kill() {
      await current?.signal('SIGKILL', 5_000)
    },
    stop: () => stopChild(current),
  }
}

function parse(line: string): LogLine | undefined {
  try {
    const v = JSON.parse(line)
    return typeof v === 'object' && v !== null ? v : undefined
  } catch {
    return undefined
  }
}
