import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'

const REPO_ROOT = resolve(import.meta.dirname, '..')
const START_TIMEOUT_MS = 120_000

export interface ServerProcess {
  apiUrl: string
  /** kill -9: no shutdown, a write in flight is cut where it is. */
  kill(): Promise<void>
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>
}

/**
 * The real server (apps/server/src/main.ts, as the dev stack runs it) as its own process, so a fault can kill it
 * with SIGKILL. `env` is the server's settings; the process is started on `port` and waited for until /health answers.
 */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const apiUrl = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@foyer/source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(port), ...env },
    },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const running = () => child.exitCode === null && child.signalCode === null
  const signal = async (name: NodeJS.Signals) => {
    if (running()) child.kill(name)
    await exited
  }
  const started = Date.now()
  for (;;) {
    if (!running()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it answered`)
    const healthy = await fetch(`${apiUrl}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() - started > START_TIMEOUT_MS) {
      await signal('SIGKILL')
      throw new Error('the server did not answer /health')
    }
    await new Promise((next) => setTimeout(next, 200))
  }
  return { apiUrl, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') }
}
