// Test-only: the real Foyer server run as its own process (apps/server/src/main.ts, as the dev stack runs it), for the
// jsdom test files, which cannot load the server's modules themselves. Its data folder is a scratch one.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const REPO_ROOT = resolve(__dirname, '../../../..')
export const SERVER_TIMEOUT_MS = 120_000

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })

/**
 * Starts the server with `env` on top of a scratch data folder (PGlite unless `env` names a DATABASE_URL) and waits
 * for its /health; `stop` ends it and removes the folder. `whileStarting` runs as it starts (e.g. transforming the
 * modal's chunks, so the first open is quick).
 */
export async function startFoyerServer(env: Record<string, string>, whileStarting?: () => Promise<unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-react-server-'))
  const port = await freePort()
  const apiUrl = `http://127.0.0.1:${port}`
  const server: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@foyer/source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      stdio: 'ignore',
      env: {
        ...process.env,
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        PORT: String(port),
        FOYER_DATA_DIR: dataDir,
        FOYER_DEVNET_FILE: join(dataDir, 'no-devnet.json'),
        ...env,
      },
    },
  )
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const stopped = new Promise((done) => server.once('exit', done))
      server.kill('SIGTERM')
      await stopped
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const exited = new Promise<never>((_, fail) =>
    server.once('exit', (code) => fail(new Error(`the Foyer server exited (${code}) before it answered`))),
  )
  exited.catch(() => {})
  try {
    await whileStarting?.()
    const started = Date.now()
    for (;;) {
      const healthy = await Promise.race([
        fetch(`${apiUrl}/health`).then(
          (response) => response.ok,
          () => false,
        ),
        exited,
      ])
      if (healthy) break
      if (Date.now() - started > SERVER_TIMEOUT_MS) throw new Error('the Foyer server did not answer /health')
      await new Promise((next) => setTimeout(next, 250))
    }
  } catch (e) {
    await stop()
    throw e
  }
  return { apiUrl, stop }
}
