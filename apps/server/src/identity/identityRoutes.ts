import { type IdentityResponse, routes } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import type { AppEnv } from '../http/context.ts'
import { route } from '../http/route.ts'

export interface IdentityRouteDeps {
  project: MiddlewareHandler<AppEnv>
  /** Looks up the account's primary Foyer name and its avatar (names/nameStore.ts); absent → every answer is null. */
  lookup?: (address: `0x${string}`) => Promise<IdentityResponse>
}

/**
 * `GET /v1/identity/{address}` → `{ name, avatar }`: the address's primary (newest) account name and that name's
 * avatar, null when it has none. Foyer names are the only source (no ENS or other third party is asked).
 */
export function registerIdentityRoutes(app: FoyerApp, deps: IdentityRouteDeps) {
  route(app, routes.identity, deps.project, async (c, request) => {
    const { address } = request.params()
    const identity = deps.lookup ? await deps.lookup(address) : { name: null, avatar: null }
    c.header('Cache-Control', 'no-store')
    return { name: identity.name, avatar: identity.avatar }
  })
}
