import { MAX_UINT256, routes, type SwapApiTransaction } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import { getAddress } from 'viem'
import type { FoyerApp } from '../app.ts'
import { imageBaseOf, tokenMarkUrl } from '../catalogue/marks.ts'
import type { Address, ServerConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, forbidden, invalidRequest } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'
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
  const chains = swapChainsFrom(config.chains, { timeoutMs: config.rpcTimeoutMs })
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

  route(app, routes.swapTokens, project, swapsEnabled, (c, request) => {
    const { chainId } = request.query()
    const chain = chainOf(chainId)
    const images = imageBaseOf(c, config.embedded.publicUrl)
    return {
      tokens: chain.tokens.map((token) => ({
        name: token.name,
        symbol: token.symbol,
        // Lower-case, as the balances give the same token: clients match the two by this id as is.
        address: `eip155:${chain.chainId}:${token.address.toLowerCase()}`,
        decimals: token.decimals,
        logoUri: tokenMarkUrl(images, token.symbol),
      })),
      // The contract every swap built here calls (and an approval names as spender): what a sponsorship policy lists.
      router: chain.router.toLowerCase(),
    }
  })

  route(app, routes.swapQuotes, project, swapsEnabled, (c, request) =>
    chainErrors(async () => {
      const query = request.query()
      const user = typeof query.userAddress === 'object' ? query.userAddress : undefined
      sameChain(query.from, query.to, user)
      const chain = chainOf(query.from.chainId)
      const quote = await quoteSwap(chain, checksummed(query.from), checksummed(query.to), query.amount)
      return {
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
      }
    }),
  )

  route(app, routes.swapAllowance, project, swapsEnabled, (_c, request) =>
    chainErrors(async () => {
      const { tokenAddress, userAddress } = request.query()
      sameChain(tokenAddress, undefined, userAddress)
      const chain = chainOf(tokenAddress.chainId)
      const allowance = await readAllowance(chain, checksummed(tokenAddress), checksummed(userAddress))
      return { allowance: allowance.toString() }
    }),
  )

  route(app, routes.swapGasPrice, project, swapsEnabled, (_c, request) =>
    chainErrors(async () => {
      const { chainId } = request.query()
      const prices = await readGasPrices(chainOf(chainId))
      return {
        standard: prices.standard.toString(),
        fast: prices.fast.toString(),
        instant: prices.instant.toString(),
      }
    }),
  )

  route(app, routes.swapBuildApprove, project, swapsEnabled, (_c, request) =>
    chainErrors(async () => {
      const query = request.query()
      sameChain(query.from, query.to, query.userAddress)
      const chain = chainOf(query.from.chainId)
      const amount = typeof query.amount === 'bigint' ? query.amount : MAX_UINT256
      const tx = await buildApprove(chain, checksummed(query.from), checksummed(query.userAddress), amount)
      return { tx: transactionJson(chain, tx) }
    }),
  )

  route(app, routes.swapBuildTransaction, project, swapsEnabled, (_c, request) =>
    chainErrors(async () => {
      const body = await request.body()
      sameChain(body.from, body.to, body.userAddress)
      const chain = chainOf(body.from.chainId)
      const built = await buildSwap(chain, {
        from: checksummed(body.from),
        to: checksummed(body.to),
        amount: body.amount,
        user: checksummed(body.userAddress),
        slippagePercent: body.eip155.slippage,
        afterApproval: body.eip155.afterApproval ?? false,
      })
      return {
        tx: transactionJson(chain, built),
        quote: {
          toAmount: built.quote.toAmount.toString(),
          minimumToAmount: built.minimumOut.toString(),
          deadline: Number(built.deadline),
        },
      }
    }),
  )
}

/**
 * The chain's node failing is a 502 the client can retry, not a 500; a call the chain refuses (a token address
 * with no contract, a revert) is the request's fault: 400. See http/upstreamErrors.ts.
 */
async function chainErrors<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work()
  } catch (error) {
    throw classifyChainError(error) ?? error
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
