import {
  MAX_UINT256,
  SwapAllowanceQuery,
  type SwapAllowanceResponse,
  type SwapApiTransaction,
  SwapBuildApproveQuery,
  type SwapBuildApproveResponse,
  SwapBuildTransactionBody,
  type SwapBuildTransactionResponse,
  SwapChainQuery,
  type SwapGasPriceResponse,
  SwapQuoteQuery,
  type SwapQuotesResponse,
  type SwapTokensResponse,
} from '@foyer/core/protocol'
import type { Context, MiddlewareHandler } from 'hono'
import { getAddress } from 'viem'
import type { FoyerApp } from '../app.ts'
import { tokenMarkUrl } from '../catalogue/marks.ts'
import type { Address, ServerConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, forbidden, invalidRequest } from '../http/errors.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'
import { parseRequest } from '../http/validate.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { type SwapChain, swapChainsFrom } from './swapChains.ts'
import { buildApprove, buildSwap, quoteSwap, readAllowance, readGasPrices } from './swapService.ts'

/**
 * The swap API (`/v1/convert/*` on the wire) over Uniswap-V2-compatible routers, one per chain:
 * tokens, quotes, allowance, gas-price, build-approve and build-transaction. Token ids are CAIP-10
 * (`eip155:31337:0x…`); the native currency is `NATIVE_TOKEN_ADDRESS_EVM`. Amounts are integer strings in the
 * token's smallest unit. Projects with `features.swaps: false` get 403 `feature_disabled`.
 */
export function registerSwapRoutes(
  app: FoyerApp,
  { config, project }: { config: ServerConfig; project: MiddlewareHandler<AppEnv> },
) {
  const chains = swapChainsFrom(config.chains)
  const swapsEnabled: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!effectiveFeatures(c.get('project').features).swaps)
      throw forbidden('feature_disabled', 'Swaps are switched off for this project')
    await next()
  }
  const chainOf = (chainId: number): SwapChain => {
    const chain = chains.get(chainId)
    if (!chain) throw badRequest('unsupported_chain', `Chain ${chainId} has no swap router configured on this server`)
    return chain
  }

  app.get('/v1/convert/tokens', project, swapsEnabled, (c) => {
    const { chainId } = parseRequest(SwapChainQuery, c.req.query())
    const chain = chainOf(chainId)
    return c.json({
      tokens: chain.tokens.map((token) => ({
        name: token.name,
        symbol: token.symbol,
        address: `eip155:${chain.chainId}:${token.address}`,
        decimals: token.decimals,
        logoUri: tokenMarkUrl(token.symbol),
      })),
    } satisfies SwapTokensResponse)
  })

  app.get(
    '/v1/convert/quotes',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const query = parseRequest(SwapQuoteQuery, c.req.query())
      const user = typeof query.userAddress === 'object' ? query.userAddress : undefined
      sameChain(query.from, query.to, user)
      const chain = chainOf(query.from.chainId)
      const quote = await quoteSwap(chain, checksummed(query.from), checksummed(query.to), query.amount)
      return c.json({
        quotes: [
          {
            fromAmount: quote.fromAmount.toString(),
            fromAccount: c.req.query('from')!,
            toAmount: quote.toAmount.toString(),
            toAccount: c.req.query('to')!,
            path: quote.path.map((address) => `eip155:${chain.chainId}:${address}`),
            priceImpact: quote.priceImpact,
          },
        ],
      } satisfies SwapQuotesResponse)
    }),
  )

  app.get(
    '/v1/convert/allowance',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const { tokenAddress, userAddress } = parseRequest(SwapAllowanceQuery, c.req.query())
      sameChain(tokenAddress, undefined, userAddress)
      const chain = chainOf(tokenAddress.chainId)
      const allowance = await readAllowance(chain, checksummed(tokenAddress), checksummed(userAddress))
      return c.json({ allowance: allowance.toString() } satisfies SwapAllowanceResponse)
    }),
  )

  app.get(
    '/v1/convert/gas-price',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const { chainId } = parseRequest(SwapChainQuery, c.req.query())
      const prices = await readGasPrices(chainOf(chainId))
      return c.json({
        standard: prices.standard.toString(),
        fast: prices.fast.toString(),
        instant: prices.instant.toString(),
      } satisfies SwapGasPriceResponse)
    }),
  )

  app.get(
    '/v1/convert/build-approve',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const query = parseRequest(SwapBuildApproveQuery, c.req.query())
      sameChain(query.from, query.to, query.userAddress)
      const chain = chainOf(query.from.chainId)
      const amount = typeof query.amount === 'bigint' ? query.amount : MAX_UINT256
      const tx = await buildApprove(chain, checksummed(query.from), checksummed(query.userAddress), amount)
      return c.json({ tx: transactionJson(chain, tx) } satisfies SwapBuildApproveResponse)
    }),
  )

  app.post(
    '/v1/convert/build-transaction',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const body = parseRequest(SwapBuildTransactionBody, c.get('body'))
      sameChain(body.from, body.to, body.userAddress)
      const chain = chainOf(body.from.chainId)
      const built = await buildSwap(chain, {
        from: checksummed(body.from),
        to: checksummed(body.to),
        amount: body.amount,
        user: checksummed(body.userAddress),
        slippagePercent: body.eip155.slippage,
      })
      return c.json({
        tx: transactionJson(chain, built),
        quote: {
          toAmount: built.quote.toAmount.toString(),
          minimumToAmount: built.minimumOut.toString(),
          deadline: Number(built.deadline),
        },
      } satisfies SwapBuildTransactionResponse)
    }),
  )
}

/**
 * The chain's node failing is a 502 the client can retry, not a 500; a call the chain refuses (a token address
 * with no contract, a revert) is the request's fault: 400. See http/upstreamErrors.ts.
 */
function chainErrors(handler: (c: Context<AppEnv>) => Promise<Response>) {
  return async (c: Context<AppEnv>) => {
    try {
      return await handler(c)
    } catch (error) {
      throw classifyChainError(error) ?? error
    }
  }
}

function transactionJson(
  chain: SwapChain,
  tx: { from: Address; to: Address; data: `0x${string}`; value: bigint; gas: bigint; gasPrice: bigint },
): SwapApiTransaction {
  return {
    chainId: `eip155:${chain.chainId}`,
    from: tx.from,
    to: tx.to,
    data: tx.data,
    value: tx.value.toString(),
    eip155: { gas: tx.gas.toString(), gasPrice: tx.gasPrice.toString() },
  }
}

type CaipAccount = { chainId: number; address: string }

const checksummed = (account: CaipAccount): Address => getAddress(account.address.toLowerCase()) as Address

function sameChain(a: CaipAccount, b: CaipAccount | undefined, user: CaipAccount | undefined) {
  const ids = [a, b, user].filter((x): x is CaipAccount => x !== undefined).map((x) => x.chainId)
  if (new Set(ids).size > 1)
    throw invalidRequest([{ path: '', message: 'every token id and the user address must be on the same chain' }])
}
