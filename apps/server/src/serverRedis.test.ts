/**
 * A server with REDIS_URL counts its limits on Redis and, on close(), ends that connection: nothing stays open
 * after shutdown (the connection is named so the check sees only this server's, not other suites').
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createServer } from './index.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite } from './test/backends.ts'
import { probeRedis, runRedisCases } from './test/redisProbe.ts'

const redisProbe = await probeRedis()

/** How many connections named `name` Redis holds. */
async function connectionsNamed(redis: Redis, name: string): Promise<number> {
  const list = (await redis.client('LIST')) as string
  return list.split('\n').filter((line) => line.includes(` name=${name} `)).length
}

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe.runIf(runRedisCases(redisProbe, 'serverRedis.test.ts'))('server with REDIS_URL', () => {
  it(
    'counts on Redis while running and closes its Redis connection on close()',
    async () => {
      const name = `foyer-close-test-${randomBytes(6).toString('hex')}`
      const url = new URL(redisProbe.url)
      url.searchParams.set('connectionName', name) // ioredis reads options from the URL's query
      const config = loadConfig(
        {
          PORT: '0',
          FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
          FOYER_DATA_DIR: '/nonexistent/data',
          REDIS_URL: url.toString(),
          FOYER_REDIS_KEY_PREFIX: `${name}:`,
          FOYER_RATE_LIMIT_PER_CLIENT: '1000',
        },
        { repoRoot: '/nonexistent' },
      )
      const t = await openTestPGlite()
      const observer = new Redis(redisProbe.url)
      try {
        const server = await createServer(config, { database: t.database })
        const { url: base } = await server.listen()
        const answer = await fetch(`${base}/v1/project`, { headers: { 'x-project-id': 'foyer-demo' } })
        expect(answer.status).toBe(200)
        expect(answer.headers.get('ratelimit-remaining')).not.toBeNull()
        // The counts live under this server's FOYER_REDIS_KEY_PREFIX.
        expect((await observer.keys(`${name}:*`)).length).toBeGreaterThan(0)
        expect(await connectionsNamed(observer, name)).toBe(1)
        await server.close()
        await until(async () => (await connectionsNamed(observer, name)) === 0)
        expect(await connectionsNamed(observer, name)).toBe(0)
      } finally {
        observer.disconnect()
        await t.cleanup()
      }
    },
    BACKEND_TIMEOUT_MS,
  )
})
