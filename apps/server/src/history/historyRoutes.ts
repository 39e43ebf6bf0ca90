import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { requireAddress, requireChain } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import type { AccountHistoryDb } from '../indexer/tables.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { HISTORY_PAGE_SIZE, MAX_HISTORY_PAGE_SIZE, readAccountHistory } from './accountHistory.ts'
import type { SpamList } from './spamList.ts'

export interface HistoryRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  db: AccountHistoryDb
  spam: SpamList
  prices: PriceOracle
}

/**
 * `GET /v1/account/{account}/history?cursor&onramp&chainId&limit` → `{ data, next }` from the indexer's tables.
 * `onramp=<provider>` asks for on-ramp purchases only: Foyer records none yet, so that page is empty.
 */
export function registerHistoryRoutes(app: FoyerApp, deps: HistoryRouteDeps) {
  app.get('/v1/account/:account/history', deps.project, async (c) => {
    if (!effectiveFeatures(c.get('project').features).history) {
      throw forbidden('feature_disabled', 'Transaction history is switched off for this project')
    }
    const address = requireAddress(c.req.param('account'), 'account')
    const rawChain = c.req.query('chainId')
    const chain = rawChain === undefined || rawChain === '' ? undefined : requireChain(deps.chains, rawChain)
    const cursor = c.req.query('cursor') || undefined
    const onramp = c.req.query('onramp')
    if (onramp !== undefined && onramp !== '' && !/^[a-z0-9-]{1,32}$/.test(onramp)) {
      throw badRequest('invalid_request', 'onramp must be an on-ramp provider id (lower-case letters, digits, hyphen)')
    }
    const rawLimit = c.req.query('limit')
    let limit = HISTORY_PAGE_SIZE
    if (rawLimit !== undefined && rawLimit !== '') {
      limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN
      if (!(limit >= 1 && limit <= MAX_HISTORY_PAGE_SIZE))
        throw badRequest('invalid_request', `limit must be an integer from 1 to ${MAX_HISTORY_PAGE_SIZE}`)
    }
    c.header('Cache-Control', 'no-store')
    if (onramp) return c.json({ data: [], next: null })
    const page = await readAccountHistory({
      db: deps.db,
      chains: deps.chains,
      spam: deps.spam,
      prices: deps.prices,
      address,
      chain,
      cursor,
      limit,
    })
    return c.json({ data: page.data, next: page.next ?? null })
  })
}
