/**
 * The CounterStore on Redis (`REDIS_URL`): the same fixed windows as the database store, for deployments that
 * already run Redis and would rather not spend a database write per request.
 * One hit is ONE transaction (`MULTI INCRBY + PEXPIREAT EXEC`): Redis runs it atomically, so 100 requests at once
 * get 100 distinct counts, and the key removes itself when its window is over (no purge needed).
 */
import { Redis, type RedisOptions } from 'ioredis'
import { CounterStoreUnavailable } from '../http/errors.ts'
import { type CounterStore, windowOf } from './counters.ts'

/** ioredis connection states after a lost connection (not the first connect, which may queue briefly). */
const LOST = new Set(['reconnecting', 'close', 'end'])

/** Keys live a little past their window, so a clock a bit behind on another instance still finds its count. */
const EXPIRY_SLACK_MS = 5_000

/** KEYS[1] down by ARGV[1], not below 0, if it exists (its expiry stays). */
const UNHIT_SCRIPT = `local n = redis.call('GET', KEYS[1])
if not n then return 0 end
local left = math.max(0, tonumber(n) - tonumber(ARGV[1]))
redis.call('DECRBY', KEYS[1], tonumber(n) - left)
return left`

export interface RedisCounterStore extends CounterStore {
  /** Closes the connection (when the store opened it). */
  close(): Promise<void>
}

/**
 * Opens a Redis connection for counters. A Redis that does not answer fails a hit within `commandTimeout`
 * instead of queueing it forever, as `CounterStoreUnavailable`: the data API's limiter then lets the request through
 * (and logs it), a sign-in's refuses it with 503 `limits_unavailable`.
 */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
    ...options,
  })
  // Connection errors reach the caller as failed hits (and the limiter logs those); ioredis would otherwise print
  // every reconnect attempt as an unhandled 'error' event.
  redis.on('error', () => {})
  return redis
}

export function createRedisCounterStore(
  redis: Redis,
  {
    keyPrefix = 'foyer:rate:',
    now = () => new Date(),
    ownsConnection = false,
  }: { keyPrefix?: string; now?: () => Date; ownsConnection?: boolean } = {},
): RedisCounterStore {
  return {
    async hit(key, windowMs, amount = 1) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError('amount must be a positive integer')
      const { start, end } = windowOf(now(), windowMs)
      const redisKey = `${keyPrefix}${key}:${start.getTime()}`
      // A connection that was lost and waits to reconnect fails at once, instead of queueing for commandTimeout: while
      // Redis is down, sign-ins get their 503 and other requests pass without a second's wait each.
      if (LOST.has(redis.status)) throw new CounterStoreUnavailable(`Redis connection ${redis.status}`)
      let results: [error: Error | null, result: unknown][] | null
      try {
        results = await redis
          .multi()
          .incrby(redisKey, amount)
          .pexpireat(redisKey, end.getTime() + EXPIRY_SLACK_MS)
          .exec()
      } catch (error) {
        throw new CounterStoreUnavailable(error)
      }
      const [incr] = results ?? []
      if (!incr || incr[0]) throw new CounterStoreUnavailable(incr?.[0] ?? 'Redis did not run the counter transaction')
      return { count: Number(incr[1]), resetAt: end }
    },
    async unhit(key, windowMs, at, amount = 1) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError('amount must be a positive integer')
      const redisKey = `${keyPrefix}${key}:${windowOf(at, windowMs).start.getTime()}`
      // Only an existing window's key (DECRBY on a missing one would make a key without expiry), kept at 0 or more.
      await redis.eval(UNHIT_SCRIPT, 1, redisKey, amount)
    },
    // Keys expire on their own (PEXPIREAT): nothing to delete.
    async purgeExpired() {
      return 0
    },
    async close() {
      if (ownsConnection) await redis.quit().catch(() => redis.disconnect())
    },
  }
}
