import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { type Env, loadConfig } from '../config.ts'
import type { Mailer } from '../embedded/mailer.ts'
import { type Logger, silentLogger } from '../log.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { probeRedis, runRedisCases } from '../test/redisProbe.ts'
import { type CounterStore, createDatabaseCounterStore } from './counters.ts'
import { connectRedis, createRedisCounterStore, type RedisCounterStore } from './redisCounters.ts'

const postgres = await probePostgresFor('rateLimit.test.ts')
const redis = await probeRedis()
const withRedis = runRedisCases(redis, 'rateLimit.test.ts')

/** Embedded routes are not under test here: a mailer stub that sends nothing. */
const stubMailer: Mailer = { async send() {}, close() {} }

function configWith(limits: Env) {
  return loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([{ id: 'other-site', allowedOrigins: ['https://other.example'] }]),
      ...limits,
    },
    { repoRoot: '/nonexistent' },
  )
}

/** One app on `t` with these limits; `counters` defaults to the database (what production uses without REDIS_URL). */
async function appOn(t: TestDatabase, limits: Env, counters?: CounterStore, logger?: Logger): Promise<FoyerApp> {
  const config = configWith(limits)
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  return createApp({ db: t.database, config, projects, mailer: stubMailer, counters, logger })
}

/** A request from the client at `address` (the TCP peer, as @hono/node-server passes it). */
function from(app: FoyerApp, address: string, path = '/v1/project?projectId=foyer-demo') {
  return app.request(path, {}, { incoming: { socket: { remoteAddress: address } } })
}

/** `n` requests at once; returns how many were served and how many refused with 429. */
async function burst(n: number, send: (i: number) => Response | Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)))
  const served = responses.filter((r) => r.status === 200).length
  const refused = responses.filter((r) => r.status === 429)
  return { served, refused: refused.length, responses, refusedResponses: refused }
}

/** One PGlite for every PGlite case of this file (opening one is the slow part); closed at the end. */
let shared: Promise<TestDatabase> | undefined
const sharedPGlite = async (): Promise<TestDatabase> => {
  shared ??= openTestPGlite()
  return { ...(await shared), cleanup: async () => {} }
}
afterAll(async () => {
  await (await shared)?.cleanup()
})

/** Each test uses its own client addresses: counters outlive a test within the same window. */
let nextClient = 1
const newClient = () => `198.51.${Math.floor(nextClient / 250) % 250}.${(nextClient++ % 250) + 1}`

function limiterSuite(
  name: string,
  open: () => Promise<TestDatabase>,
  makeCounters?: (t: TestDatabase) => CounterStore,
) {
  describe(name, () => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await open()
    }, BACKEND_TIMEOUT_MS)
    afterAll(async () => {
      await t?.cleanup()
    })
    const counters = () => makeCounters?.(t)

    it('100 requests at once from one client with a limit of 10: exactly 10 served, 90 refused with 429 rate_limited', async () => {
      const app = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '10', FOYER_RATE_LIMIT_PER_PROJECT: '0' }, counters?.())
      const client = newClient()
      const { served, refused, responses, refusedResponses } = await burst(100, () => from(app, client))
      expect({ served, refused }).toEqual({ served: 10, refused: 90 })
      const body = (await refusedResponses[0]!.json()) as {
        error: { code: string; message: string; details: { limit: number } }
      }
      expect(body.error.code).toBe('rate_limited')
      expect(body.error.details.limit).toBe(10)
      const retryAfter = Number(refusedResponses[0]!.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(refusedResponses[0]!.headers.get('ratelimit-limit')).toBe('10')
      expect(refusedResponses[0]!.headers.get('ratelimit-remaining')).toBe('0')
      const remaining = responses
        .filter((r) => r.status === 200)
        .map((r) => Number(r.headers.get('ratelimit-remaining')))
        .sort((a, b) => a - b)
      expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
      // Another client is not affected.
      expect((await from(app, newClient())).status).toBe(200)
    })

    it('the project limit is independent of the client limit: 100 clients at once, project limit 10 → 10 served; another project still served', async () => {
      const app = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '0', FOYER_RATE_LIMIT_PER_PROJECT: '10' }, counters?.())
      const project = `limited-${randomBytes(4).toString('hex')}`
      await new ProjectStore(t.database.kysely).upsert({ id: project, name: project, allowedOrigins: [], features: {} })
      const { served, refused } = await burst(100, () => from(app, newClient(), `/v1/project?projectId=${project}`))
      expect({ served, refused }).toEqual({ served: 10, refused: 90 })
      expect((await from(app, newClient(), '/v1/project?projectId=other-site')).status).toBe(200)
    })

    it('a client over its limit is refused on every project; both limits together hold at once', async () => {
      const app = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '3', FOYER_RATE_LIMIT_PER_PROJECT: '0' }, counters?.())
      const client = newClient()
      for (let i = 0; i < 3; i++) expect((await from(app, client)).status).toBe(200)
      expect((await from(app, client, '/v1/project?projectId=other-site')).status).toBe(429)

      const both = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '3', FOYER_RATE_LIMIT_PER_PROJECT: '5' }, counters?.())
      const project = `both-${randomBytes(4).toString('hex')}`
      await new ProjectStore(t.database.kysely).upsert({ id: project, name: project, allowedOrigins: [], features: {} })
      const clients = [newClient(), newClient(), newClient()]
      const result = await burst(30, (i) => from(both, clients[i % 3]!, `/v1/project?projectId=${project}`))
      expect(result.served).toBe(5)
      const perClient = clients.map(
        (_client, k) => result.responses.filter((r, i) => i % 3 === k && r.status === 200).length,
      )
      for (const n of perClient) expect(n).toBeLessThanOrEqual(3)
    })

    it('0 switches both limits off; health and images are not counted', async () => {
      const off = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '0', FOYER_RATE_LIMIT_PER_PROJECT: '0' }, counters?.())
      const client = newClient()
      const { served } = await burst(50, () => from(off, client))
      expect(served).toBe(50)

      const strict = await appOn(
        t,
        { FOYER_RATE_LIMIT_PER_CLIENT: '1', FOYER_RATE_LIMIT_PER_PROJECT: '0' },
        counters?.(),
      )
      const other = newClient()
      for (let i = 0; i < 5; i++) {
        expect((await from(strict, other, '/health')).status).toBe(200)
        expect((await from(strict, other, '/getWalletImage/metamask?projectId=foyer-demo')).status).toBe(200)
      }
      expect((await from(strict, other, '/getWallets?projectId=foyer-demo')).status).toBe(200)
      expect((await from(strict, other, '/getWallets?projectId=foyer-demo')).status).toBe(429)
    })

    it('requests without a valid project count against the client too (random project ids cannot bypass it)', async () => {
      const app = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '5', FOYER_RATE_LIMIT_PER_PROJECT: '0' }, counters?.())
      const client = newClient()
      const { responses } = await burst(20, (i) => from(app, client, `/v1/project?projectId=nope-${i}`))
      expect(responses.filter((r) => r.status === 403).length).toBe(5)
      expect(responses.filter((r) => r.status === 429).length).toBe(15)
    })
  })
}

limiterSuite('rate limits on PGlite (default: memory counters, one process owns PGlite)', sharedPGlite)
limiterSuite('rate limits on PGlite with database counters', sharedPGlite, (t) =>
  createDatabaseCounterStore(t.database),
)
describe.skipIf(!postgres.available)('on Postgres', () => {
  limiterSuite('rate limits on Postgres (database counters)', () => openTestPostgres())

  it(
    'two app instances on one Postgres share the count: 2 × 50 at once, limit 10 → 10 served; leased project limit of 1000 → 990–1000 of 1500',
    async () => {
      const t = await openTestPostgres()
      try {
        const limits = { FOYER_RATE_LIMIT_PER_CLIENT: '10', FOYER_RATE_LIMIT_PER_PROJECT: '0' }
        const [a, b] = [await appOn(t, limits), await appOn(t, limits)]
        const client = newClient()
        const { served, refused } = await burst(100, (i) => from(i % 2 ? a : b, client))
        expect({ served, refused }).toEqual({ served: 10, refused: 90 })

        // A project limit of 1000 is reserved in leases of 10: two instances never serve more than 1000 together,
        // and strand at most one lease (10).
        const big = { FOYER_RATE_LIMIT_PER_CLIENT: '0', FOYER_RATE_LIMIT_PER_PROJECT: '1000' }
        const project = `leased-${randomBytes(4).toString('hex')}`
        await new ProjectStore(t.database.kysely).upsert({
          id: project,
          name: project,
          allowedOrigins: [],
          features: {},
        })
        const [c, d] = [await appOn(t, big), await appOn(t, big)]
        const many = await burst(1500, (i) => from(i % 2 ? c : d, newClient(), `/v1/project?projectId=${project}`))
        console.info(
          `[foyer] leased project limit 1000, two instances, 1500 at once: ${many.served} served, ${many.refused} refused`,
        )
        expect(many.served).toBeLessThanOrEqual(1000)
        expect(many.served).toBeGreaterThanOrEqual(990)
        expect(many.served + many.refused).toBe(1500)
      } finally {
        await t.cleanup()
      }
    },
    BACKEND_TIMEOUT_MS,
  )
})

describe.skipIf(!withRedis)('on Redis (REDIS_URL)', () => {
  const prefix = `foyer-test:${randomBytes(6).toString('hex')}:`
  const stores: RedisCounterStore[] = []
  const redisStore = () => {
    const store = createRedisCounterStore(connectRedis(redis.url), { keyPrefix: prefix, ownsConnection: true })
    stores.push(store)
    return store
  }
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()))
  })
  limiterSuite('rate limits on PGlite with Redis counters', sharedPGlite, () => redisStore())

  it(
    'two app instances, each with its own Redis connection, share the count',
    async () => {
      const t = await sharedPGlite()
      const limits = { FOYER_RATE_LIMIT_PER_CLIENT: '10', FOYER_RATE_LIMIT_PER_PROJECT: '0' }
      const [a, b] = [await appOn(t, limits, redisStore()), await appOn(t, limits, redisStore())]
      const client = newClient()
      const { served } = await burst(100, (i) => from(i % 2 ? a : b, client))
      expect(served).toBe(10)
    },
    BACKEND_TIMEOUT_MS,
  )

  it('a Redis give-back (unhit) takes back within the window, never below 0, and keeps the expiry', async () => {
    const store = redisStore()
    const key = `unhit:${randomBytes(4).toString('hex')}`
    for (let i = 0; i < 3; i++) await store.hit(key, 3_600_000)
    await Promise.all(Array.from({ length: 10 }, () => store.unhit(key, 3_600_000, new Date())))
    expect((await store.hit(key, 3_600_000)).count).toBe(1)
    // A window with no key is not created by a give-back.
    await store.unhit(key, 3_600_000, new Date(Date.now() - 7_200_000))
    const raw = connectRedis(redis.url)
    try {
      const keys = await raw.keys(`${prefix}${key}:*`)
      expect(keys).toHaveLength(1)
      expect(await raw.pttl(keys[0]!)).toBeGreaterThan(0)
    } finally {
      raw.disconnect()
    }
  })

  it('a Redis hit is one atomic transaction whose key expires with its window', async () => {
    const store = redisStore()
    const key = `atomic:${randomBytes(4).toString('hex')}`
    const counts = await Promise.all(Array.from({ length: 200 }, () => store.hit(key, 60_000)))
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    const raw = connectRedis(redis.url)
    try {
      const keys = await raw.keys(`${prefix}${key}:*`)
      expect(keys).toHaveLength(1)
      const ttl = await raw.pttl(keys[0]!)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(65_000)
    } finally {
      raw.disconnect()
    }
  })
})

describe('when the counter store fails', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await sharedPGlite()
  }, BACKEND_TIMEOUT_MS)

  it('requests pass (a counter outage must not take the API down) but sign-ins refuse, and the window resets on time', async () => {
    const failingStore: CounterStore = {
      hit: () => Promise.reject(new Error('counter store down')),
      unhit: () => Promise.reject(new Error('counter store down')),
      purgeExpired: () => Promise.resolve(0),
    }
    const app = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '1' }, failingStore)
    const client = newClient()
    for (let i = 0; i < 3; i++) expect((await from(app, client)).status).toBe(200)

    // A Redis that refuses connections: the same, each hit failing within the command timeout.
    const deadRedis = createRedisCounterStore(connectRedis('redis://127.0.0.1:1', { retryStrategy: () => null }), {
      ownsConnection: true,
    })
    try {
      const viaDeadRedis = await appOn(t, { FOYER_RATE_LIMIT_PER_CLIENT: '1' }, deadRedis)
      const started = Date.now()
      for (let i = 0; i < 2; i++) expect((await from(viaDeadRedis, newClient())).status).toBe(200)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      await deadRedis.close()
    }

    // Sign-ins refuse instead: their limit must not vanish with its store (503 limits_unavailable, Retry-After).
    const signIn = await from(app, newClient(), '/v1/auth/siwe/nonce?projectId=foyer-demo')
    expect(signIn.status).toBe(503)
    expect(Number(signIn.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await signIn.json()).toMatchObject({ error: { code: 'limits_unavailable' } })
    expect((await from(app, newClient())).status).toBe(200) // the data API meanwhile

    const oneSecond = await appOn(t, {
      FOYER_RATE_LIMIT_PER_CLIENT: '2',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
      FOYER_RATE_LIMIT_WINDOW_SECONDS: '1',
    })
    const other = newClient()
    // Start right after a window boundary so all three land in the same one-second window.
    await new Promise((ok) => setTimeout(ok, 1000 - (Date.now() % 1000) + 20))
    expect([
      (await from(oneSecond, other)).status,
      (await from(oneSecond, other)).status,
      (await from(oneSecond, other)).status,
    ]).toEqual([200, 200, 429])
    await new Promise((ok) => setTimeout(ok, 1000 - (Date.now() % 1000) + 20))
    expect((await from(oneSecond, other)).status).toBe(200)
  })
})

describe('X-Forwarded-For over a real TCP connection', () => {
  /** The app listening on a loopback port, as a client that reaches the port directly sees it. */
  async function listening(limits: Env, logger?: Logger) {
    const app = await appOn(await sharedPGlite(), limits, undefined, logger)
    const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { url, close: () => new Promise<void>((ok) => server.close(() => ok())) }
  }
  const LIMIT = 5
  const N = 30

  it('a client reaching the port directly with a forged X-Forwarded-For per request is limited by its real address', async () => {
    // FOYER_TRUST_PROXY is on, but the only proxy is at 192.0.2.10: the loopback peer is a client, not a proxy.
    const warnings: { message: string; fields?: Record<string, unknown> }[] = []
    const logger: Logger = {
      ...silentLogger,
      warn: (message, fields) => void warnings.push({ message, fields }),
    }
    const direct = await listening(
      {
        FOYER_TRUST_PROXY: '1',
        FOYER_TRUSTED_PROXIES: '192.0.2.10',
        FOYER_RATE_LIMIT_PER_CLIENT: String(LIMIT),
        FOYER_RATE_LIMIT_PER_PROJECT: '0',
      },
      logger,
    )
    try {
      const { served, refused } = await burst(N, (i) =>
        fetch(`${direct.url}/v1/project?projectId=foyer-demo`, {
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }),
      )
      expect({ served, refused }).toEqual({ served: LIMIT, refused: N - LIMIT })
      // Said once, with the peer, for an operator whose proxy is missing from the list.
      const ignored = warnings.filter((w) => w.message.startsWith('X-Forwarded-For ignored'))
      expect(ignored).toHaveLength(1)
      expect(ignored[0]!.fields).toMatchObject({ peer: expect.stringMatching(/127\.0\.0\.1$/) })
    } finally {
      await direct.close()
    }
  })

  it('from a configured proxy (the loopback peer here) the forwarded addresses are the clients: each its own bucket', async () => {
    const proxied = await listening({
      FOYER_TRUST_PROXY: '1',
      FOYER_TRUSTED_PROXIES: '127.0.0.1',
      FOYER_RATE_LIMIT_PER_CLIENT: String(LIMIT),
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
    })
    try {
      const { served } = await burst(N, (i) =>
        fetch(`${proxied.url}/v1/project?projectId=foyer-demo`, {
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }),
      )
      expect(served).toBe(N)
    } finally {
      await proxied.close()
    }
  })
})

describe('rate-limit configuration', () => {
  it('defaults to 600 per client and 6000 per project a minute; reads the variables; refuses nonsense', () => {
    expect(configWith({}).rateLimit).toEqual({
      perClient: 600,
      perProject: 6000,
      windowMs: 60_000,
      redisUrl: undefined,
      redisKeyPrefix: 'foyer:rate:',
    })
    expect(
      configWith({
        FOYER_RATE_LIMIT_PER_CLIENT: '0',
        FOYER_RATE_LIMIT_PER_PROJECT: '25',
        FOYER_RATE_LIMIT_WINDOW_SECONDS: '10',
        REDIS_URL: 'redis://127.0.0.1:6379/2',
        FOYER_REDIS_KEY_PREFIX: 'shop:limits:',
      }).rateLimit,
    ).toEqual({
      perClient: 0,
      perProject: 25,
      windowMs: 10_000,
      redisUrl: 'redis://127.0.0.1:6379/2',
      redisKeyPrefix: 'shop:limits:',
    })
    for (const [name, value] of [
      ['FOYER_RATE_LIMIT_PER_CLIENT', '-1'],
      ['FOYER_RATE_LIMIT_PER_CLIENT', 'lots'],
      ['FOYER_RATE_LIMIT_PER_PROJECT', '1e3'],
      ['FOYER_RATE_LIMIT_WINDOW_SECONDS', '0'],
      ['FOYER_RATE_LIMIT_WINDOW_SECONDS', '86401'],
      ['REDIS_URL', 'http://127.0.0.1:6379'],
    ] as const) {
      expect(() => configWith({ [name]: value }), `${name}=${value}`).toThrow(name)
    }
    // The Redis URL may carry a password: it never appears in the error.
    expect(() => configWith({ REDIS_URL: 'http://user:s3cret@host' })).toThrow(/^(?!.*s3cret)/s)
  })
})
