/**
 * A private redis-server for the fault suite on its own loopback port, without persistence: start, stop (SIGTERM)
 * and kill (SIGKILL) it without touching the machine's shared Redis.
 */
import { existsSync } from 'node:fs'
import { createConnection } from 'node:net'
import { ensureDebianPackage } from './debianPackage.ts'
import { type Child, spawnChild, stopChild, waitFor } from './process.ts'

const REDIS_SERVER = '/usr/bin/redis-server'

export interface PrivateRedis {
  readonly port: number
  readonly url: string
  start(): Promise<void>
  stop(): Promise<void>
  /** SIGKILL: gone at once, every connection cut. */
  kill(): Promise<void>
  running(): boolean
}

export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  ensureDebianPackage('redis-server', () => existsSync(REDIS_SERVER))
  let child: Child | undefined
  const start = async () => {
    child = spawnChild('redis-server', REDIS_SERVER, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ])
    await waitFor('redis to answer PING', () => ping(port), 10_000, { child, everyMs: 50 })
  }
  await start()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: () => stopChild(child),
    async kill() {
      await child?.signal('SIGKILL', 5_000)
    },
    running: () => child?.running() ?? false,
  }
}

/** true when something on `port` answers PING with PONG; undefined otherwise (for waitFor). */
function ping(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    const done = (value: true | undefined) => {
      socket.destroy()
      resolve(value)
    }
    socket.setTimeout(500, () => done(undefined))
    socket.on('error', () => done(undefined))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (d) => done(d.toString().startsWith('+PONG') ? true : undefined))
  })
}
