import type { Project } from '../projects/model.ts'

/** Hono environment shared by every route. */
export interface AppEnv {
  Variables: {
    /** This request's id (observability/requestId.ts), echoed as X-Request-Id and written with every log line. */
    requestId: string
    /** Set by `requireProject`. */
    project: Project
    /** x-sdk-type / x-sdk-version, validated, when sent. */
    sdk: { type?: string; version?: string }
    /** The parsed JSON body (undefined when the request has none). Set by `requireProject` / `jsonBody`. */
    body: unknown
    /** CORS decision made for the resolved project; undefined when no project decided it. */
    cors: 'allowed' | 'refused' | undefined
    /** The tightest rate limit this request was counted against (limits/rateLimit.ts), for the RateLimit-* headers. */
    rateLimit: { limit: number; remaining: number; resetAt: number } | undefined
  }
}
