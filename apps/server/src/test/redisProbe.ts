import { Redis } from 'ioredis'
import { probeService, type ServiceProbe } from './serviceProbe.ts'

/**
 * Test Redis: REDIS_TEST_URL, default redis://127.0.0.1:6379. Suites that need it run when it answers; when it
 * does not they are skipped with a note — except with CI set, where they run and fail (a CI job must not pass by
 * skipping the Redis cases).
 */
export const TEST_REDIS_URL = process.env.FOYER_TEST_REDIS_URL || 'redis://127.0.0.1:6379'

export interface RedisProbe extends ServiceProbe {
  url: string
}

export async function probeRedis(url = TEST_REDIS_URL): Promise<RedisProbe> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 10_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  redis.on('error', () => {}) // reported through the probe, not as an unhandled event
  const probe = await probeService(
    'Redis',
    url,
    async () => {
      await redis.connect()
      await redis.ping()
    },
    () => void redis.disconnect(),
  )
  return { ...probe, url }
}

/** Whether to run the Redis cases: when Redis answers, or always under CI (so they fail there instead of skipping). */
export function runRedisCases(probe: RedisProbe, file: string): boolean {
  if (probe.available) return true
  if (process.env.CI) return true
  console.warn(
    `[foyer] ${file}: ${probe.reason} — Redis cases are SKIPPED (start Redis or set FOYER_TEST_REDIS_URL; CI fails instead)`,
  )
  return false
}
