/**
 * Scale-out: two server instances (two createServer, each with its own pool) on one Postgres database — and one
 * Redis when it answers — behind an imaginary load balancer that alternates between them. An embedded-wallet session
 * made on A works on B (and a sign-out on B ends it on A), rate limits count across both (also under 100 parallel
 * requests), and both indexers follow the same chain without writing a block or a history row twice.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { type MailSink, startMailSink } from '@foyer/devnet/mail'
import { sql } from 'kysely'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createServer, type FoyerServer } from './index.ts'
import { BACKEND_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from './test/backends.ts'
import { probePostgresFor } from './test/eachBackend.ts'
import { probeRedis } from './test/redisProbe.ts'

const FRAME = 'http://127.0.0.1:5174'
const ANVIL_PORT = 19270
const LIMIT = 20

const postgres = await probePostgresFor('scaleOut.test.ts')
const redis = await probeRedis()
if (!redis.available) console.warn(`[foyer] scaleOut.test.ts: ${redis.reason} — the Redis variant is SKIPPED`)

let devnet: RunningDevnet
let sink: MailSink
const work = mkdtempSync(join(tmpdir(), 'foyer-scale-'))

describe.runIf(postgres.available || !!process.env.CI)('two instances on one database', () => {
  beforeAll(async () => {
    ;[devnet, sink] = await Promise.all([
      startDevnet({
        chains: [{ id: 31337, name: 'Scale test', port: ANVIL_PORT, portEnv: 'TEST' }],
        devnetFile: join(work, 'devnet.json'),
        seedHistory: false,
      }),
      startMailSink({ smtpPort: 0, httpPort: 0 }),
    ])
  }, BACKEND_TIMEOUT_MS)
  afterAll(async () => {
    await Promise.all([devnet?.stop(), sink?.stop()])
    rmSync(work, { recursive: true, force: true })
  })

  for (const variant of ['Postgres', 'Postgres + Redis'] as const) {
    const withRedis = variant === 'Postgres + Redis'
    describe.runIf(!withRedis || redis.available || !!process.env.CI)(variant, () => {
      let scratch: ScratchDatabase
      let a: FoyerServer
      let b: FoyerServer
      const urls: string[] = []
      let turn = 0
      /** Alternates between the instances, like a round-robin load balancer. */
      const next = () => urls[turn++ % 2]!

      beforeAll(async () => {
        scratch = await createScratchDatabase()
        const env = {
          PORT: '0',
          DATABASE_URL: scratch.url,
          // A key prefix of this run's own: another test file may count on the same Redis at the same time.
          ...(withRedis
            ? { REDIS_URL: redis.url, FOYER_REDIS_KEY_PREFIX: `foyer-test-${randomBytes(6).toString('hex')}:` }
            : {}),
          FOYER_DEVNET_FILE: join(work, 'devnet.json'),
          FOYER_TRUST_PROXY: '1',
          FOYER_RATE_LIMIT_PER_CLIENT: String(LIMIT),
          FOYER_RATE_LIMIT_PER_PROJECT: '100000',
          FOYER_INDEXER_POLL_MS: '50',
          FOYER_INDEXER_BATCH: '5',
          SMTP_PORT: String(sink.smtpPort),
          FOYER_PUBLIC_URL: 'http://127.0.0.1:8787',
          LOG_LEVEL: 'warn',
        }
        // Both start at once: the migrations' lock lets one migrate while the other waits.
        ;[a, b] = await Promise.all([
          createServer(loadConfig(env, { repoRoot: null })),
          createServer(loadConfig(env, { repoRoot: null })),
        ])
        for (const s of [a, b]) urls.push((await s.listen()).url)
      }, BACKEND_TIMEOUT_MS)
      afterAll(async () => {
        await Promise.all([a?.close(), b?.close()])
        await scratch?.drop()
      }, BACKEND_TIMEOUT_MS)

      const client = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`
      const frameCall = (
        base: string,
        path: string,
        as: string,
        body?: unknown,
        headers: Record<string, string> = {},
      ) =>
        fetch(`${base}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: {
            origin: FRAME,
            'x-project-id': 'foyer-demo',
            'x-forwarded-for': as,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: body ? JSON.stringify(body) : undefined,
        })

      it('migrated once: both instances see the same applied migrations', async () => {
        const rows = await sql<{ name: string }>`select name from foyer_migration order by name`.execute(
          a.database.kysely,
        )
        expect(rows.rows.map((r) => r.name)).toEqual([
          '0001_projects',
          '0002_account_history',
          '0003_embedded_auth',
          '0004_embedded_hardening',
          '0005_siwe',
          '0006_names',
          '0007_onramp',
          '0008_siwe_token_hash',
          '0009_embedded_session_project',
          '0010_onramp_purchase_access',
          '0011_social_login',
          '0012_social_flow_origin',
          '0013_analytics_events',
          '0014_operators',
          '0015_project_config_digest',
          '0016_analytics_visits',
          '0017_sponsorship',
          '0018_solana_history',
        ])
      })

      it('an embedded-wallet session made through A is valid on B, and a sign-out on B ends it on A', async () => {
        const email = `scale-${randomBytes(4).toString('hex')}@example.com`
        const deviceId = randomBytes(32).toString('hex')
        const as = client()
        const [A, B] = urls as [string, string]
        expect((await frameCall(A, '/v1/embedded/email/start', as, { email, deviceId })).status).toBe(200)
        const mail = await waitFor(async () => sink.messages().find((m) => m.to.includes(email)), 10_000)
        const otp = /\b(\d{6})\b/.exec(mail.subject)![1]!
        const verified = await frameCall(B, '/v1/embedded/email/verify', as, { email, deviceId, otp }) // the code was made on A
        expect(verified.status).toBe(200)
        const { sessionToken } = (await verified.json()) as { sessionToken: string }
        const auth = { authorization: `Bearer ${sessionToken}` }
        for (const base of [A, B, A, B]) {
          const session = await frameCall(base, '/v1/embedded/session', as, undefined, auth)
          expect(session.status).toBe(200)
          expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email)
        }
        expect((await frameCall(B, '/v1/embedded/sign-out', as, {}, auth)).status).toBe(200)
        expect((await frameCall(A, '/v1/embedded/session', as, undefined, auth)).status).toBe(401)
      })

      it(`counts a client's rate limit across both instances (${LIMIT} a window, alternating)`, async () => {
        const as = client()
        const statuses: number[] = []
        for (let i = 0; i < LIMIT + 4; i++) {
          statuses.push(
            (await fetch(`${next()}/v1/project`, { headers: { 'x-project-id': 'foyer-demo', 'x-forwarded-for': as } }))
              .status,
          )
        }
        expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
        expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429])
      })

      it(`keeps the limit under 100 parallel requests spread over both instances: exactly ${LIMIT} pass`, async () => {
        const as = client()
        const statuses = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            fetch(`${urls[i % 2]}/v1/project`, {
              headers: { 'x-project-id': 'foyer-demo', 'x-forwarded-for': as },
            }).then((r) => r.status),
          ),
        )
        expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT)
        expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LIMIT)
      })

      it('both indexers follow the chain; every block and history row is written exactly once', async () => {
        expect(a.indexer?.indexers).toHaveLength(1)
        expect(b.indexer?.indexers).toHaveLength(1)
        const chain = devnet.info.chains[0]!
        const sender = privateKeyToAccount(devnet.info.accounts[1]!.privateKey)
        const receiver = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
        const wallet = createWalletClient({ account: sender, transport: http(chain.rpcUrl) })
        const reader = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
        let hash: `0x${string}` | undefined
        for (let i = 0; i < 6; i++)
          hash = await wallet.sendTransaction({ to: receiver, value: parseEther('0.001'), chain: null }) // anvil mines each at once
        await reader.waitForTransactionReceipt({ hash: hash!, pollingInterval: 50 })
        const head = Number(await reader.getBlockNumber())
        const db = a.database.kysely
        await waitFor(async () => {
          const r = await sql<{
            last_block: string
          }>`select last_block from chain_index_state where chain_id = 31337`.execute(db)
          return Number(r.rows[0]?.last_block ?? -1) >= head || undefined
        }, 60_000)
        const blocks = await sql<{
          n: string
          distinct_n: string
        }>`select count(*) as n, count(distinct number) as distinct_n from chain_blocks where chain_id = 31337`.execute(
          db,
        )
        expect(blocks.rows[0]).toEqual({ n: String(head + 1), distinct_n: String(head + 1) })
        const history = await sql<{
          n: string
        }>`select count(*) as n from account_history where address = ${receiver.toLowerCase()}`.execute(db)
        expect(history.rows[0]!.n).toBe('6')
        // Through the API, alternately from both instances: the same six entries.
        for (const base of urls) {
          const answer = await fetch(
            `${base}/v1/account/${receiver}/history?projectId=foyer-demo&chainId=eip155:31337`,
            { headers: { 'x-forwarded-for': client() } },
          )
          expect(answer.status).toBe(200)
          expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(6)
        }
        // Each instance's /metrics reports the chain caught up.
        for (const base of urls) {
          await waitFor(
            async () =>
              /^foyer_indexer_lag_blocks\{chain_id="31337"\} 0$/m.test(await (await fetch(`${base}/metrics`)).text()) ||
              undefined,
            20_000,
          )
        }
      }, 120_000)
    })
  }
})

async function waitFor<T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = await probe()
    if (v !== undefined) return v
    if (Date.now() > until) throw new Error(`condition not reached within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
