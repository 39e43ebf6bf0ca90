import type { Context, MiddlewareHandler } from 'hono'
import { clientAddress } from '../../http/clientAddress.ts'
import type { AppEnv } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import type { ConsoleDeps, ConsoleEnv } from '../consoleContext.ts'

/** Sign-in requests (passwords, link requests, link uses) per client address… */
export const SIGN_IN_REQUESTS_PER_CLIENT = 30
/** …per this window. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

/**
 * Counts each sign-in request against its client address (the TCP peer, or with FOYER_TRUST_PROXY the address a
 * trusted proxy saw) before anything is looked up or hashed: 429 `too_many_attempts` with Retry-After past the
 * limit. The per-operator lockout stops guessing one operator's password; this stops one client from trying a few
 * passwords on every address, and from spending the server's scrypt time. One counter-store hit (one upsert).
 */
export function signInLimit(deps: Pick<ConsoleDeps, 'counters' | 'config'>): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    const client = clientAddress(c as unknown as Context<AppEnv>, deps.config)
    const { count, resetAt } = await deps.counters.hit(`console-sign-in:client:${client}`, SIGN_IN_WINDOW_MS)
    if (count > SIGN_IN_REQUESTS_PER_CLIENT) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
      throw new ApiError(429, 'too_many_attempts', 'Too many sign-in attempts from this address; try again later', {
        details: { retryAfterSeconds: seconds },
        headers: { 'Retry-After': String(seconds) },
      })
    }
    await next()
  }
}
