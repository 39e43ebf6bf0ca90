import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { normalizeAddress, readFromChain, requireAddress, requireChain } from '../chains/chainParams.ts'
import type { Address, ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest } from '../http/errors.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { readAccountBalances } from './accountBalances.ts'

export interface BalanceRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  clients: ChainClients
  prices: PriceOracle
}

/** Parses the `currency` parameter: only `usd` is served. */
export function requireUsd(value: unknown): 'usd' {
  if (value === undefined || value === null || value === '') return 'usd'
  if (typeof value === 'string' && value.toLowerCase() === 'usd') return 'usd'
  throw badRequest('unsupported_currency', 'Only currency "usd" is supported')
}

/**
 * `GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate` → `{ balances }`.
 * `chainId` picks one chain (default: every configured chain). `forceUpdate=true` skips the price cache;
 * `forceUpdate=<token address>` also reads that ERC-20 when it is not in the chain's token list.
 */
export function registerBalanceRoutes(app: FoyerApp, deps: BalanceRouteDeps) {
  app.get('/v1/account/:address/balance', deps.project, async (c) => {
    const address = requireAddress(c.req.param('address'))
    requireUsd(c.req.query('currency'))
    const rawChain = c.req.query('chainId')
    const chains = rawChain === undefined || rawChain === '' ? [...deps.chains] : [requireChain(deps.chains, rawChain)]
    const { fresh, extraTokens } = parseForceUpdate(c.req.query('forceUpdate'))
    const perChain = await Promise.all(
      chains.map((chain) =>
        readFromChain(chain, () =>
          readAccountBalances(deps.clients, deps.prices, { chain, address, extraTokens, freshPrices: fresh }),
        ),
      ),
    )
    c.header('Cache-Control', 'no-store')
    return c.json({ balances: perChain.flat() })
  })
}

function parseForceUpdate(value: string | undefined): { fresh: boolean; extraTokens: Address[] } {
  if (value === undefined || value === '' || value === 'false' || value === '0')
    return { fresh: false, extraTokens: [] }
  if (value === 'true' || value === '1') return { fresh: true, extraTokens: [] }
  // A CAIP-10 account id (eip155:31337:0x…) or a bare address.
  const address = normalizeAddress(value.split(':').at(-1))
  if (!address) throw badRequest('invalid_request', 'forceUpdate must be true, false or a token address')
  return { fresh: true, extraTokens: [address] }
}
