/**
 * The server under load, production-shaped on one machine: an anvil chain with the devnet contracts and seeded
 * history, one scratch Postgres database (and Redis for the limit counters when it answers), and one or more Foyer
 * servers, each its own process (apps/server/src/main.ts, as `foyer-server` runs), so a load generator does not share
 * their event loops and each one's RSS is its own.
 *
 * Limits: the per-client limits stay at their defaults and are counted on every request; the load generator spreads
 * its requests over client addresses (X-Forwarded-For, one trusted proxy hop) so no address comes near a cap — see
 * `clientAddresses` in routes.ts. The project-wide limits (data API and analytics) are raised to 1e9: one project
 * carries the whole load, so they count but never refuse.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { createScratchDatabase, probePostgres, type ScratchDatabase } from '../../apps/server/src/test/backends.ts'
import { probeRedis } from '../../apps/server/src/test/redisProbe.ts'

const root = resolve(import.meta.dirname, '../..')

/** Limits as the load runs them (see the module comment). */
export const LOAD_LIMITS = {
  FOYER_TRUST_PROXY: '1',
  FOYER_RATE_LIMIT_PER_PROJECT: '1000000000',
  FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT: '1000000000',
}

export const freePort = () =>
  new Promise<number>((ok, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => ok(port))
    })
  })

/** Resident set size of a process in MiB, from /proc (Linux) or `ps` elsewhere. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    if (kib) return Number(kib[1]) / 1024
  } catch {
    // not Linux: ask ps
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; undefined where there is no /proc.
 * Its resolution is the kernel's clock tick (10 ms at the usual 100 Hz).
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the command name (which may hold spaces, so read from its closing parenthesis): utime is the
    // 14th field of the line, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
  } catch {
    return undefined
  }
}
let clockTicks: number | undefined

export interface ServerProcess {
  url: string
  pid: number
  stop(): Promise<void>
}

/** Starts one server process with `env` on a free loopback port and waits for its /health. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-load-server-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@foyer/source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        PORT: String(port),
        FOYER_DATA_DIR: dataDir,
        FOYER_DEVNET_FILE: join(dataDir, 'no-devnet.json'),
        ...env,
      },
    },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const until = Date.now() + timeoutMs
    for (;;) {
      if (child.exitCode !== null) throw new Error(`load: the server exited (${child.exitCode}) before it answered`)
      if (
        await fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      if (Date.now() > until) throw new Error(`load: the server did not answer ${url}/health in ${timeoutMs} ms`)
      await new Promise((r) => setTimeout(r, 250))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { url, pid: child.pid!, stop }
}

export interface LoadStack {
  devnet: RunningDevnet
  /** The servers' shared settings (database, Redis, chain, limits). */
  env: Record<string, string>
  /** Which counter store the limits use. */
  counters: 'Redis' | 'Postgres'
  /** Starts `count` servers on the stack's database (at once: the migrations' lock lets one migrate), `env` on top. */
  startServers(count: number, env?: Record<string, string>): Promise<ServerProcess[]>
  stop(): Promise<void>
}

/** Chain, database and Redis for servers under load; Postgres is required (the scale-out database). */
export async function startLoadStack(): Promise<LoadStack> {
  const postgres = await probePostgres()
  if (!postgres.available) throw new Error(`load: needs Postgres (${postgres.reason})`)
  const redis = await probeRedis()
  const work = mkdtempSync(join(tmpdir(), 'foyer-load-'))
  const devnetFile = join(work, 'devnet.json')
  const chainPort = await freePort()
  let devnet: RunningDevnet | undefined
  let scratch: ScratchDatabase | undefined
  const running = new Set<ServerProcess>()
  const stop = async () => {
    await Promise.all([...running].map((s) => s.stop()))
    await devnet?.stop()
    await scratch?.drop()
    rmSync(work, { recursive: true, force: true })
  }
  try {
    devnet = await startDevnet({
      chains: [{ id: 31337, name: 'Load', port: chainPort, portEnv: 'FOYER_LOAD_CHAIN_PORT' }],
      devnetFile,
    })
    scratch = await createScratchDatabase()
  } catch (error) {
    await stop()
    throw error
  }
  const env: Record<string, string> = {
    DATABASE_URL: scratch.url,
    ...(redis.available ? { REDIS_URL: redis.url } : {}),
    FOYER_DEVNET_FILE: devnetFile,
    ...LOAD_LIMITS,
  }
  return {
    devnet,
    env,
    counters: redis.available ? 'Redis' : 'Postgres',
    async startServers(count, extra = {}) {
      const servers = await Promise.all(Array.from({ length: count }, () => startServerProcess({ ...env, ...extra })))
      for (const s of servers) running.add(s)
      return servers.map((s) => ({
        ...s,
        async stop() {
          running.delete(s)
          await s.stop()
        },
      }))
    },
    stop,
  }
}
