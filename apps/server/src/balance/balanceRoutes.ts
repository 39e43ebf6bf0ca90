import { routes } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { imageBaseOf } from '../catalogue/marks.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { readFromChain, requireChain } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { route } from '../http/route.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { readAccountBalances } from './accountBalances.ts'
import { readSolanaBalances, type SolanaChains, unknownSolanaChain } from './solanaBalances.ts'

export interface BalanceRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  clients: ChainClients
  prices: PriceOracle
  /** FOYER_PUBLIC_URL: the base of the icons' URLs. */
  publicUrl: string
  /** The Solana chains (the devnet file's `solana` block). */
  solana: SolanaChains
  /** FOYER_RPC_TIMEOUT_MS, for the Solana RPC. */
  rpcTimeoutMs: number
}

/**
 * `GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate` → `{ balances }`.
 * `chainId` picks one chain (default: every configured chain). `forceUpdate=true` skips the price cache;
 * `forceUpdate=<token address>` also reads that ERC-20 when it is not in the chain's token list.
 */
export function registerBalanceRoutes(app: FoyerApp, deps: BalanceRouteDeps) {
  route(app, routes.accountBalance, deps.project, async (c, request) => {
    const { address: account } = request.params()
    const query = request.query()
    const images = imageBaseOf(c, deps.publicUrl)
    // A Solana chain, or no chain and an address that only Solana reads: the Solana chains answer.
    if (typeof query.chainId === 'string' || (query.chainId === undefined && !account.evm)) {
      if (!account.solana) throw notASolanaAddress(query.chainId)
      if (query.forceUpdate.token)
        throw badRequest('invalid_request', 'forceUpdate names an ERC-20; a Solana balance reads every token account')
      const served = await deps.solana.list().catch((e: unknown) => {
        throw new ApiError(502, 'chain_unavailable', 'The Solana RPC endpoint did not answer; try again shortly', {
          cause: e,
        })
      })
      const chainId = query.chainId
      const solanaChains = chainId === undefined ? served : served.filter((s) => s.chainId === chainId)
      if (chainId !== undefined && solanaChains.length === 0) throw unknownSolanaChain(chainId, served)
      const timeoutMs = deps.rpcTimeoutMs
      const perChain = await Promise.all(
        solanaChains.map((chain) => readSolanaBalances(chain, account.solana!, { timeoutMs, images })),
      )
      c.header('Cache-Control', 'no-store')
      return { balances: perChain.flat() }
    }
    if (!account.evm) throw notAnEvmAddress(query.chainId)
    const address = account.evm
    const chains = query.chainId === undefined ? [...deps.chains] : [requireChain(deps.chains, query.chainId)]
    const { fresh, token } = query.forceUpdate
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

/** 400 `invalid_address`: a Solana chain was asked for an address that is not a Solana key. */
const notASolanaAddress = (chainId: string | undefined) =>
  badRequest(
    'invalid_address',
    `The address must be a Solana address (base58 of a 32-byte key, 32 to 44 characters) for chain ${chainId}`,
  )

/** 400 `invalid_address`: an EVM chain was asked for a Solana address. */
const notAnEvmAddress = (chainId: number | undefined) =>
  badRequest(
    'invalid_address',
    `The address must be an EVM address: 40 hex characters with an optional 0x prefix (chain eip155:${chainId} is an EVM chain)`,
  )
