import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { requireAddress } from '../chains/chainParams.ts'
import type { AppEnv } from '../http/context.ts'

export interface IdentityRouteDeps {
  project: MiddlewareHandler<AppEnv>
  /** Looks up the account's Foyer name and avatar; absent until names exist (then every answer is null). */
  lookup?: (address: `0x${string}`) => Promise<{ name: string | null; avatar: string | null }>
}

/**
 * `GET /v1/identity/{address}` → `{ name, avatar }`. Foyer names are the only source (no ENS or other third
 * party is asked); until the names feature registers a lookup both are null.
 */
export function registerIdentityRoutes(app: FoyerApp, deps: IdentityRouteDeps) {
  app.get('/v1/identity/:address', deps.project, async (c) => {
    const address = requireAddress(c.req.param('address'))
    const identity = deps.lookup ? await deps.lookup(address) : { name: null, avatar: null }
    c.header('Cache-Control', 'no-store')
    return c.json({ name: identity.name, avatar: identity.avatar })
  })
}
