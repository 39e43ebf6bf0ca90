import type { Issue } from '../http/errors.ts'
import { checkSecretUrl } from '../secretUrl.ts'

/** Rate limits on the data API and the catalogue (docs/configuration.md). A limit of 0 is switched off. */
export interface RateLimitConfig {
  /** FOYER_RATE_LIMIT_PER_CLIENT: requests per window from one client address (IPv6 by /64). Default 600. */
  perClient: number
  /** FOYER_RATE_LIMIT_PER_PROJECT: requests per window for one project, from everyone. Default 6000. */
  perProject: number
  /** FOYER_RATE_LIMIT_WINDOW_SECONDS: the fixed window, in seconds. Default 60. */
  windowMs: number
  /** REDIS_URL: count in Redis instead of the database. Secret-bearing: never log it. */
  redisUrl?: string
}

export const DEFAULT_RATE_LIMITS = { perClient: 600, perProject: 6000, windowSeconds: 60 } as const
const MAX_LIMIT = 1_000_000_000
const MAX_WINDOW_SECONDS = 86_400

/** Reads the rate-limit variables; every bad value is pushed to `issues` (the caller throws them all at once). */
export function parseRateLimitConfig(get: (name: string) => string | undefined, issues: Issue[]): RateLimitConfig {
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = get(name)
    if (raw === undefined) return fallback
    const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN
    if (!(n >= min && n <= max)) {
      issues.push({
        path: name,
        message: `must be an integer from ${min} to ${max} (got ${JSON.stringify(raw.slice(0, 40))})`,
      })
      return fallback
    }
    return n
  }
  const perClient = integer('FOYER_RATE_LIMIT_PER_CLIENT', DEFAULT_RATE_LIMITS.perClient, 0, MAX_LIMIT)
  const perProject = integer('FOYER_RATE_LIMIT_PER_PROJECT', DEFAULT_RATE_LIMITS.perProject, 0, MAX_LIMIT)
  const windowSeconds = integer(
    'FOYER_RATE_LIMIT_WINDOW_SECONDS',
    DEFAULT_RATE_LIMITS.windowSeconds,
    1,
    MAX_WINDOW_SECONDS,
  )

  const redisUrl = get('REDIS_URL')
  checkSecretUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:'], issues)
  return { perClient, perProject, windowMs: windowSeconds * 1000, redisUrl }
}
