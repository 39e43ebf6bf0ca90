/**
 * Rate limits on the data API and the catalogue: so many requests per fixed window per client address
 * (`clientAddress`, IPv6 by /64) and per project. Counts live in a CounterStore shared by every instance (the
 * database by default, Redis with REDIS_URL), one atomic hit per limit per request, so the limit holds across
 * instances and under bursts. Over the limit → 429 `rate_limited` with `Retry-After`; every counted answer carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) for the tighter of the two limits.
 *
 * Cheap paths: a key found over its limit is remembered in memory until its window ends, and refused without a
 * round trip (its count can only grow, so this never lets through what the shared count would refuse). If the
 * store fails, the request passes and the failure is logged: a counter outage must not take the API down.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import { clientAddress } from '../http/clientAddress.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { type Logger, silentLogger } from '../log.ts'
import type { CounterStore } from './counters.ts'

export interface RateLimiterOptions {
  store: CounterStore
  /** Requests per window per client address; 0 switches the limit off. */
  perClient: number
  /** Requests per window per project; 0 switches the limit off. */
  perProject: number
  windowMs: number
  /** FOYER_TRUST_PROXY hops, for `clientAddress`. */
  trustProxyHops: number
  logger?: Logger
  now?: () => number
}

export interface RateLimiter {
  /** Counts the client; put it before the project is resolved (unknown or missing projects count too). */
  perClient: MiddlewareHandler<AppEnv>
  /** Counts the project; put it after `requireProject`. */
  perProject: MiddlewareHandler<AppEnv>
}

const MAX_BLOCKED_KEYS = 10_000

export function createRateLimiter({ store, perClient, perProject, windowMs, trustProxyHops, logger = silentLogger, now = Date.now }: RateLimiterOptions): RateLimiter {
  /** Keys over their limit → when their window ends (ms). */
  const blocked = new LRUCache<string, number>({ max: MAX_BLOCKED_KEYS, ttl: windowMs, perf: { now } })
  let lastPurge = now()

  const purgeNowAndThen = () => {
    const at = now()
    if (at - lastPurge < windowMs) return
    lastPurge = at
    store.purgeExpired(new Date(at)).catch((error: unknown) => logger.warn('rate limit: purging old counters failed', { error }))
  }

  const count = async (c: Context<AppEnv>, key: string, limit: number, what: string) => {
    const blockedUntil = blocked.get(key)
    if (blockedUntil !== undefined && blockedUntil > now()) throw rateLimited(c, limit, blockedUntil, what, now())
    let result: { count: number; resetAt: Date }
    try {
      result = await store.hit(key, windowMs)
    } catch (error) {
      logger.warn('rate limit: counter store failed; request let through', { key: key.split(':')[0], error })
      return
    }
    purgeNowAndThen()
    const resetAt = result.resetAt.getTime()
    if (result.count > limit) {
      blocked.set(key, resetAt, { ttl: Math.max(1, resetAt - now()) })
      throw rateLimited(c, limit, resetAt, what, now())
    }
    noteTightest(c, { limit, remaining: limit - result.count, resetAt }, now())
  }

  return {
    perClient: async (c, next) => {
      if (perClient > 0) await count(c, `api:client:${clientAddress(c, trustProxyHops)}`, perClient, 'from this client address')
      await next()
    },
    perProject: async (c, next) => {
      if (perProject > 0) await count(c, `api:project:${c.get('project').id}`, perProject, 'for this project')
      await next()
    },
  }
}

/** Keeps (and writes headers for) whichever limit has the fewest requests left. */
function noteTightest(c: Context<AppEnv>, state: { limit: number; remaining: number; resetAt: number }, at: number) {
  const current = c.get('rateLimit')
  if (current && current.remaining <= state.remaining) return
  c.set('rateLimit', state)
  c.header('RateLimit-Limit', String(state.limit))
  c.header('RateLimit-Remaining', String(state.remaining))
  c.header('RateLimit-Reset', String(secondsUntil(state.resetAt, at)))
}

function rateLimited(c: Context<AppEnv>, limit: number, resetAt: number, what: string, at: number): ApiError {
  const seconds = secondsUntil(resetAt, at)
  c.set('rateLimit', { limit, remaining: 0, resetAt })
  return new ApiError(429, 'rate_limited', `Too many requests ${what}: at most ${limit} per window; try again in ${seconds} s`, {
    details: { limit, retryAfterSeconds: seconds },
    headers: { 'Retry-After': String(seconds), 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': '0', 'RateLimit-Reset': String(seconds) },
  })
}

const secondsUntil = (resetAt: number, at: number) => Math.max(1, Math.ceil((resetAt - at) / 1000))
