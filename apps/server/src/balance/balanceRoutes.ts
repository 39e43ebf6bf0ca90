import { routes } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { imageBaseOf } from '../catalogue/marks.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { readFromChain, requireChain } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { route } from '../http/route.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { readAccountBalances } from './accountBalances.ts'

export interface BalanceRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  clients: ChainClients
  prices: PriceOracle
  /** FOYER_PUBLIC_URL: the base of the icons' URLs. */
  publicUrl: string
}

/**
 * `GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate` → `{ balances }`.
 * `chainId` picks one chain (default: every configured chain). `forceUpdate=true` skips the price cache;
 * `forceUpdate=<token address>` also reads that ERC-20 when it is not in the chain's token list.
 */
export function registerBalanceRoutes(app: FoyerApp, deps: BalanceRouteDeps) {
  route(app, routes.accountBalance, deps.project, async (c, request) => {
    const { address } = request.params()
    const query = request.query()
    const chains = query.chainId === undefined ? [...deps.chains] : [requireChain(deps.chains, query.chainId)]
    const { fresh, token } = query.forceUpdate
    const images = imageBaseOf(c, deps.publicUrl)
    const perChain = await Promise.all(
      chains.map((chain) =>
        readFromChain(chain, () =>
          readAccountBalances(deps.clients, deps.prices, {
            chain,
            address,
            extraTokens: token ? [token] : [],
            freshPrices: fresh,
            images,
          }),
        ),
      ),
    )
    c.header('Cache-Control', 'no-store')
    return { balances: perChain.flat() }
  })
}
