/**
 * Rate limits on the data API and the catalogue: so many requests per fixed window per client address
 * (`clientAddress`, IPv6 by /64) and per project. Counts live in a CounterStore shared by every instance (the
 * database by default, Redis with REDIS_URL; memory with the single-process PGlite), reserved in atomic hits, so
 * the limit holds across instances and under bursts. Over the limit → 429 `rate_limited` with `Retry-After`; every
 * counted answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) for the tighter
 * of the two limits.
 *
 * Cheap: each instance reserves small leases of the allowance from the shared count and spends them in memory
 * (leasedCounters.ts), so the instances together never exceed a limit while the store sees one write per lease,
 * not per request; a key over its limit is refused from memory until its window ends. If the store fails (Redis
 * down), `whenStoreFails` decides: `let-through` (the data API and the catalogue: a counter outage must not take
 * reads down; the failure is logged) or `refuse` (sign-ins: a limit that guards against guessing must not vanish
 * with its store; 503 `limits_unavailable` with `Retry-After`).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { clientAddress, isTrustedProxy, type ProxyTrust, peerAddress } from '../http/clientAddress.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, CounterStoreUnavailable, classifyError } from '../http/errors.ts'
import { type Logger, silentLogger } from '../log.ts'
import type { CounterStore } from './counters.ts'
import { type Allowance, LeasedCounters } from './leasedCounters.ts'

export interface RateLimiterOptions {
  store: CounterStore
  /** Requests per window per client address; 0 switches the limit off. */
  perClient: number
  /** Requests per window per project; 0 switches the limit off. */
  perProject: number
  windowMs: number
  /** The counters' key prefix, so two limiters (the API's, analytics') count apart (default `api`). */
  prefix?: string
  /** FOYER_TRUST_PROXY and FOYER_TRUSTED_PROXIES, for `clientAddress`. */
  proxyTrust: ProxyTrust
  logger?: Logger
  now?: () => number
  /** What a request gets when the counter store fails: passed through (default) or refused with 503. */
  whenStoreFails?: 'let-through' | 'refuse'
}

export interface RateLimiter {
  /** Counts the client; put it before the project is resolved (unknown or missing projects count too). */
  perClient: MiddlewareHandler<AppEnv>
  /** Counts the project; put it after `requireProject`. */
  perProject: MiddlewareHandler<AppEnv>
}

export function createRateLimiter({
  store,
  perClient,
  perProject,
  windowMs,
  prefix = 'api',
  proxyTrust,
  logger = silentLogger,
  now = Date.now,
  whenStoreFails = 'let-through',
}: RateLimiterOptions): RateLimiter {
  const counters = new LeasedCounters(store, windowMs, now)
  let lastPurge = now()

  const purgeNowAndThen = () => {
    const at = now()
    if (at - lastPurge < windowMs) return
    lastPurge = at
    store
      .purgeExpired(new Date(at))
      .catch((error: unknown) => logger.warn('rate limit: purging old counters failed', { error }))
  }

  const count = async (c: Context<AppEnv>, key: string, limit: number, what: string) => {
    let allowance: Allowance
    try {
      allowance = await counters.take(key, limit)
    } catch (error) {
      if (whenStoreFails === 'refuse') {
        logger.warn('rate limit: counter store failed; request refused', { limit: key.split(':')[1], error })
        // A database that is down stays `database_unavailable`; anything else is the counter store's outage.
        throw classifyError(error) ? error : new CounterStoreUnavailable(error)
      }
      logger.warn('rate limit: counter store failed; request let through', { limit: key.split(':')[1], error })
      return
    }
    purgeNowAndThen()
    if (!allowance.allowed) throw rateLimited(c, allowance, what, now())
    noteTightest(c, allowance, now())
  }

  // With FOYER_TRUST_PROXY on, a header from a peer that is not a configured proxy is ignored. Said once: it is either
  // a client forging the header, or a proxy missing from FOYER_TRUSTED_PROXIES (then every client shares its bucket).
  let warnedUntrusted = false
  const noteUntrustedForward = (c: Context<AppEnv>) => {
    if (warnedUntrusted || proxyTrust.trustProxyHops < 1 || !c.req.header('x-forwarded-for')) return
    const peer = peerAddress(c)
    if (peer === undefined || isTrustedProxy(peer, proxyTrust.trustedProxies)) return
    warnedUntrusted = true
    logger.warn(
      'X-Forwarded-For ignored: the TCP peer is not in FOYER_TRUSTED_PROXIES (if it is your proxy, add its address)',
      { peer },
    )
  }

  return {
    perClient: async (c, next) => {
      noteUntrustedForward(c)
      if (perClient > 0)
        await count(c, `${prefix}:client:${clientAddress(c, proxyTrust)}`, perClient, 'from this client address')
      await next()
    },
    perProject: async (c, next) => {
      if (perProject > 0) await count(c, `${prefix}:project:${c.get('project').id}`, perProject, 'for this project')
      await next()
    },
  }
}

/** Keeps (and writes headers for) whichever limit has the fewest requests left. */
function noteTightest(c: Context<AppEnv>, { limit, remaining, resetAt }: Allowance, at: number) {
  const state = { limit, remaining, resetAt }
  const current = c.get('rateLimit')
  if (current && current.remaining <= state.remaining) return
  c.set('rateLimit', state)
  c.header('RateLimit-Limit', String(state.limit))
  c.header('RateLimit-Remaining', String(state.remaining))
  c.header('RateLimit-Reset', String(secondsUntil(state.resetAt, at)))
}

function rateLimited(c: Context<AppEnv>, { limit, resetAt }: Allowance, what: string, at: number): ApiError {
  const seconds = secondsUntil(resetAt, at)
  c.set('rateLimit', { limit, remaining: 0, resetAt })
  return new ApiError(
    429,
    'rate_limited',
    `Too many requests ${what}: at most ${limit} per window; try again in ${seconds} s`,
    {
      details: { limit, retryAfterSeconds: seconds },
      headers: {
        'Retry-After': String(seconds),
        'RateLimit-Limit': String(limit),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(seconds),
      },
    },
  )
}

const secondsUntil = (resetAt: number, at: number) => Math.max(1, Math.ceil((resetAt - at) / 1000))
