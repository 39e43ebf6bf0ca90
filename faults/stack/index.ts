/**
 * The fault suite's production-shaped stack, on loopback and on ports of its own (197xx): a private Postgres
 * cluster, a private Redis (optional), one devnet chain and the mail sink, two `foyer-server` instances from the
 * packed tarball, and HAProxy in front. Every piece can be stopped, killed and started again by the faults; `stop()`
 * tears everything down and never throws (call it in afterAll; it also undoes a half-finished start).
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { type MailSink, startMailSink } from '@foyer/devnet/mail'
import { type LoadBalancer, startProxy } from './haproxy.ts'
import { type PrivatePostgres, startPrivatePostgres, stopPrivatePostgresQuietly } from './postgres.ts'
import { type PrivateRedis, startPrivateRedis } from './redis.ts'
import { installPackedServer, type ServerInstance, serverInstance } from './servers.ts'

export { sleep, waitFor } from './process.ts'
export type { LoadBalancer, PrivatePostgres, PrivateRedis, ServerInstance }

/** The stack's ports: 197xx, away from the unit tests' and the devnet's. */
export const STACK_PORTS = {
  proxy: 19700,
  proxyStats: 19701,
  postgres: 19702,
  redis: 19703,
  chain: 19704,
  /** The on-ramp provider's checkout URL in the servers' settings (nothing listens: no visitor opens it). */
  onrampCheckout: 19705,
  servers: [19711, 19712],
} as const

export const CHAIN_ID = 31337

/**
 * The on-ramp provider the servers are given (the sandbox module; nothing listens at its checkout URL: the flows
 * send its webhooks themselves), with a webhook secret made for the run.
 */
export const ONRAMP_PROVIDER = 'sandbox'
export const ONRAMP_WEBHOOK_SECRET = randomBytes(24).toString('hex')

export interface StackOptions {
  /** Start a private Redis and give the servers REDIS_URL (default false: limits count in Postgres). */
  redis?: boolean
  /** More server settings (e.g. FOYER_SHUTDOWN_GRACE_SECONDS). */
  env?: Record<string, string>
}

export interface FaultStack {
  readonly work: string
  readonly postgres: PrivatePostgres
  readonly redis: PrivateRedis | undefined
  readonly devnet: RunningDevnet
  readonly sink: MailSink
  /** Instance `a` and `b`, as HAProxy names them. */
  readonly servers: readonly [ServerInstance, ServerInstance]
  readonly proxy: LoadBalancer
  /** Tears everything down; never throws. */
  stop(): Promise<void>
}

export async function startFaultStack(options: StackOptions = {}): Promise<FaultStack> {
  const work = mkdtempSync(join(tmpdir(), 'foyer-faults-'))
  chmodSync(work, 0o711) // the Postgres cluster's folder inside may belong to the postgres user
  const parts: {
    postgres?: PrivatePostgres
    redis?: PrivateRedis
    devnet?: RunningDevnet
    sink?: MailSink
    servers?: ServerInstance[]
    proxy?: LoadBalancer
  } = {}
  const stop = async () => {
    await Promise.all([
      ...(parts.servers ?? []).map((s) => s.stop().catch(() => {})),
      parts.proxy?.stop().catch(() => {}),
    ])
    await Promise.all([
      parts.redis?.stop().catch(() => {}),
      parts.devnet?.stop().catch(() => {}),
      parts.sink?.stop().catch(() => {}),
    ])
    stopPrivatePostgresQuietly(parts.postgres)
    rmSync(work, { recursive: true, force: true })
  }
  try {
    const started = performance.now()
    const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
      const began = performance.now()
      const value = await step()
      timings[what] = Math.round(performance.now() - began)
      return value
    }
    const timings: Record<string, number> = {}
    const bin = await timed('npm install', async () => installPackedServer())
    const [postgres, redis, devnet, sink] = await Promise.all([
      timed('postgres', () => startPrivatePostgres(join(work, 'pg'), STACK_PORTS.postgres)),
      options.redis ? timed('redis', () => startPrivateRedis(STACK_PORTS.redis)) : undefined,
      timed('devnet', () =>
        startDevnet({
          chains: [{ id: CHAIN_ID, name: 'Fault chain', port: STACK_PORTS.chain, portEnv: 'FOYER_FAULTS_CHAIN_PORT' }],
          devnetFile: join(work, 'devnet.json'),
          seedHistory: false,
        }),
      ),
      startMailSink({ smtpPort: 0, httpPort: 0, maxMessages: 5_000 }),
    ])
    Object.assign(parts, { postgres, redis, devnet, sink })
    const env: Record<string, string> = {
      DATABASE_URL: postgres.url,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      FOYER_DEVNET_FILE: join(work, 'devnet.json'),
      FOYER_DATA_DIR: join(work, 'unused-data'),
      // Clients reach the proxy from loopback and name themselves in X-Forwarded-For: two trusted hops.
      FOYER_TRUST_PROXY: '2',
      FOYER_RATE_LIMIT_PER_CLIENT: '100000',
      FOYER_RATE_LIMIT_PER_PROJECT: '1000000',
      FOYER_EMAIL_SENDS_PER_HOUR: '100000',
      SMTP_PORT: String(sink.smtpPort),
      FOYER_PUBLIC_URL: `http://127.0.0.1:${STACK_PORTS.proxy}`,
      FOYER_INDEXER_POLL_MS: '1000',
      LOG_LEVEL: 'info',
      FOYER_ONRAMP_PROVIDERS: JSON.stringify([
        {
          id: ONRAMP_PROVIDER,
          url: `http://127.0.0.1:${STACK_PORTS.onrampCheckout}`,
          webhookSecret: ONRAMP_WEBHOOK_SECRET,
        },
      ]),
      ...options.env,
    }
    const servers = (['a', 'b'] as const).map((name, i) =>
      serverInstance(bin, name, STACK_PORTS.servers[i]!, env, work),
    ) as [ServerInstance, ServerInstance]
    parts.servers = servers
    // One first (it migrates), then the other.
    timings['server a'] = await servers[0].start()
    timings['server b'] = await servers[1].start()
    const proxy = await startProxy(
      work,
      STACK_PORTS.proxy,
      STACK_PORTS.proxyStats,
      servers.map((s) => ({ name: s.name, port: s.port })),
    )
    parts.proxy = proxy
    await Promise.all(servers.map((s) => proxy.waitState(s.name, 'UP')))
    console.info(`[faults] stack up in ${Math.round(performance.now() - started)} ms`, JSON.stringify(timings))
    return { work, postgres, redis, devnet, sink, servers, proxy, stop } as FaultStack
  } catch (error) {
    await stop()
    throw error
  }
}
