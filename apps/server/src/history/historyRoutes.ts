import { routes } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { imageBaseOf } from '../catalogue/marks.ts'
import { requireChain } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { forbidden } from '../http/errors.ts'
import { route } from '../http/route.ts'
import type { AccountHistoryDb } from '../indexer/tables.ts'
import { readOnrampHistory } from '../onramp/onrampHistory.ts'
import type { OnrampStore } from '../onramp/onrampStore.ts'
import { PURCHASE_SECRETS_HEADER, secretHashesOf } from '../onramp/purchaseAccess.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { readAccountHistory } from './accountHistory.ts'
import type { SpamList } from './spamList.ts'

export interface HistoryRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  db: AccountHistoryDb
  spam: SpamList
  prices: PriceOracle
  /** The on-ramp's purchases, for `onramp=<provider>` (without it that page is empty). */
  onramp?: OnrampStore
  /** FOYER_PUBLIC_URL: the base of the token icons' URLs. */
  publicUrl: string
}

/**
 * `GET /v1/account/{account}/history?cursor&onramp&chainId&limit` → `{ data, next }` from the indexer's tables.
 * `onramp=<provider>` asks for the address's on-ramp purchases through that provider instead (onramp/onrampHistory.ts):
 * only the project's purchases whose secrets the request holds (`x-foyer-purchase-secrets`); without any, none.
 */
export function registerHistoryRoutes(app: FoyerApp, deps: HistoryRouteDeps) {
  route(app, routes.accountHistory, deps.project, async (c, request) => {
    if (!effectiveFeatures(c.get('project').features).history) {
      throw forbidden('feature_disabled', 'Transaction history is switched off for this project')
    }
    const { account: address } = request.params()
    const query = request.query()
    const chain = query.chainId === undefined ? undefined : requireChain(deps.chains, query.chainId)
    c.header('Cache-Control', 'no-store')
    const images = imageBaseOf(c, deps.publicUrl)
    if (query.onramp) {
      if (!deps.onramp) return { data: [], next: null }
      const page = await readOnrampHistory(deps.onramp, {
        projectId: c.get('project').id,
        secretHashes: secretHashesOf(c.req.header(PURCHASE_SECRETS_HEADER)),
        address,
        provider: query.onramp,
        chainId: chain?.id,
        cursor: query.cursor,
        limit: query.limit,
        images,
      })
      return page
    }
    const page = await readAccountHistory({
      db: deps.db,
      chains: deps.chains,
      spam: deps.spam,
      prices: deps.prices,
      images,
      address,
      chain,
      cursor: query.cursor,
      limit: query.limit,
    })
    return { data: page.data, next: page.next ?? null }
  })
}
