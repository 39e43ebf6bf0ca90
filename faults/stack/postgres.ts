/**
 * A private Postgres cluster for the fault suite: `initdb` into a temporary folder, `pg_ctl` to start, stop and
 * restart it on its own loopback port, so a fault may take it down without touching the machine's shared Postgres.
 * As root (Postgres refuses to run as root) the binaries run as the `postgres` user through `runuser`.
 */

import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { ensureDebianPackage } from './debianPackage.ts'

export interface PrivatePostgres {
  readonly port: number
  /** postgres://…/foyer on 127.0.0.1:port. */
  readonly url: string
  start(): void
  /** `pg_ctl stop -m fast`: open connections are ended; returns the ms it took. */
  stop(): number
  /** Runs a query on a fresh connection (for the checks after a fault). */
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>
}

function listPostgresBins(): string[] {
  try {
    return execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null || true'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .reverse()
  } catch {
    return []
  }
}

/** Where initdb and pg_ctl are: /usr/local/bin or Debian's /usr/lib/postgresql/<version>/bin (the newest). */
function findBinDir(): string | undefined {
  return ['/usr/local/bin', ...listPostgresBins()].find(
    (d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')),
  )
}

function binDir(): string {
  ensureDebianPackage('postgresql', () => findBinDir() !== undefined)
  return findBinDir()!
}

export async function startPrivatePostgres(folder: string, port: number): Promise<PrivatePostgres> {
  const bin = binDir()
  const data = join(folder, 'pgdata')
  const log = join(folder, 'postgres.log')
  mkdirSync(folder, { recursive: true })
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(folder, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args]
    try {
      return execFileSync(cmd, all as string[], { encoding: 'utf8', stdio: 'pipe', timeout: 60_000 })
    } catch (e) {
      const err = e as { stderr?: string; stdout?: string; message: string }
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : ''
      throw new Error(`${tool} ${args.join(' ')} failed: ${err.stderr || err.stdout || err.message}\n${tail}`)
    }
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const options = [
    `-p ${port}`,
    `-c listen_addresses=127.0.0.1`,
    `-c unix_socket_directories=${folder}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ')
  const start = () => void run('pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', log, '-o', options])
  const stop = () => {
    const began = performance.now()
    run('pg_ctl', ['stop', '-w', '-t', '30', '-m', 'fast', '-D', data])
    return Math.round(performance.now() - began)
  }
  start()
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
  await admin.connect()
  await admin.query('create database foyer')
  await admin.end()
  const url = `postgres://postgres@127.0.0.1:${port}/foyer`
  return {
    port,
    url,
    start,
    stop,
    async query(text, values) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return (await client.query(text, values)).rows
      } finally {
        await client.end()
      }
    },
  }
}

/** Stops the cluster if it runs (teardown: never throws). */
export function stopPrivatePostgresQuietly(db: PrivatePostgres | undefined) {
  try {
    db?.stop()
  } catch {
    // already stopped
  }
}
