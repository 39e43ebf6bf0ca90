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
  /** FOYER_REDIS_KEY_PREFIX: what every counter's Redis key starts with, so deployments can share one Redis. */
  redisKeyPrefix: string
}
