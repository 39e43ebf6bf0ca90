import { LRUCache } from 'lru-cache'
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  type Hex,
  HttpRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem'
import type { Address } from '../config.ts'
import { badRequest } from '../http/errors.ts'
import { erc20Abi, uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './abis.ts'
import { isNative, type SwapChain } from './swapChains.ts'

/** 20 minutes: how long a built swap stays valid on chain. */
export const SWAP_DEADLINE_SECONDS = 20 * 60

import { MAX_UINT256 } from '@foyer/core/protocol'

export interface SwapQuote {
  fromAmount: bigint
  toAmount: bigint
  /** Token addresses the router swaps through, wrapped native in place of native. */
  path: Address[]
  /** Percent the trade moves the price against the pools' mid price (pool fees included). */
  priceImpact: number
}

/** The pool path for a pair of tokens: native stands for the wrapped native token. */
function routeToken(chain: SwapChain, address: Address): Address {
  return isNative(address) ? chain.weth : address
}

/** Candidate paths: direct, and through the wrapped native token when neither side is it. */
function candidatePaths(chain: SwapChain, from: Address, to: Address): Address[][] {
  const a = routeToken(chain, from)
  const b = routeToken(chain, to)
  if (a.toLowerCase() === b.toLowerCase()) {
    throw badRequest('no_route', 'The source and target tokens are the same token (wrapping is not a swap)')
  }
  const paths = [[a, b]]
  if (a.toLowerCase() !== chain.weth.toLowerCase() && b.toLowerCase() !== chain.weth.toLowerCase())
    paths.push([a, chain.weth, b])
  return paths
}

/**
 * Quotes `amount` of `from` into `to` with the router's own `getAmountsOut`, over the direct pool and over a hop
 * through the wrapped native token, keeping the better. A path without a pool (or liquidity) reverts and is skipped.
 */
export async function quoteSwap(chain: SwapChain, from: Address, to: Address, amount: bigint): Promise<SwapQuote> {
  const paths = candidatePaths(chain, from, to)
  const results = await Promise.all(
    paths.map((path) =>
      chain.client
        .readContract({
          address: chain.router,
          abi: uniswapV2RouterAbi,
          functionName: 'getAmountsOut',
          args: [amount, path],
        })
        .then((amounts) => ({ path, amounts }))
        .catch((error: unknown) => {
          if (isRevert(error)) return undefined
          throw error
        }),
    ),
  )
  let best: { path: Address[]; amounts: readonly bigint[] } | undefined
  for (const result of results) {
    if (result && (!best || result.amounts.at(-1)! > best.amounts.at(-1)!)) best = result
  }
  if (!best || best.amounts.at(-1)! === 0n)
    throw badRequest('no_route', 'No pool with liquidity connects these tokens on this chain')
  const toAmount = best.amounts.at(-1)!
  return {
    fromAmount: amount,
    toAmount,
    path: best.path,
    priceImpact: await priceImpactOf(chain, best.path, amount, toAmount),
  }
}

const factories = new WeakMap<SwapChain, Promise<Address>>()
/** Pool addresses by token pair: a pool's address never changes, so only the bound matters (oldest use dropped). */
const pairs = new LRUCache<string, Promise<Address>>({ max: 10_000 })

/** The pools' mid-price output for `amount` against what the router gives: the trade's price impact in percent. */
async function priceImpactOf(chain: SwapChain, path: Address[], amount: bigint, toAmount: bigint): Promise<number> {
  let factory = factories.get(chain)
  if (!factory) {
    factory = chain.factory
      ? Promise.resolve(chain.factory)
      : chain.client.readContract({ address: chain.router, abi: uniswapV2RouterAbi, functionName: 'factory' })
    factories.set(chain, factory)
  }
  const factoryAddress = await factory
  const hops = await Promise.all(
    path.slice(0, -1).map(async (tokenIn, index) => {
      const tokenOut = path[index + 1]!
      const key = `${chain.chainId}:${factoryAddress}:${[tokenIn, tokenOut]
        .map((t) => t.toLowerCase())
        .sort()
        .join(':')}`
      let pair = pairs.get(key)
      if (!pair) {
        pair = chain.client.readContract({
          address: factoryAddress,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [tokenIn, tokenOut],
        })
        pairs.set(key, pair)
        pair.catch(() => pairs.delete(key))
      }
      const pairAddress = await pair
      const [token0, [reserve0, reserve1]] = await Promise.all([
        chain.client.readContract({ address: pairAddress, abi: uniswapV2PairAbi, functionName: 'token0' }),
        chain.client.readContract({ address: pairAddress, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
      ])
      const inIsToken0 = token0.toLowerCase() === tokenIn.toLowerCase()
      return inIsToken0 ? { reserveIn: reserve0, reserveOut: reserve1 } : { reserveIn: reserve1, reserveOut: reserve0 }
    }),
  )
  // mid = amount × Π(reserveOut / reserveIn), in integers scaled by 1e18 to keep precision.
  const SCALE = 10n ** 18n
  let mid = amount * SCALE
  for (const { reserveIn, reserveOut } of hops) mid = (mid * reserveOut) / reserveIn
  if (mid === 0n) return 0
  const impact = Number(((mid - toAmount * SCALE) * 1_000_000n) / mid) / 10_000
  return Math.max(0, Math.round(impact * 100) / 100)
}

/** The gas a swap built before its approval lands is budgeted at (a two-hop Uniswap V2 swap uses about 150,000). */
export const UNSIMULATED_SWAP_GAS = 250_000n

/** How much the router may spend of the owner's token (native needs no allowance: the maximum). */
export async function readAllowance(chain: SwapChain, token: Address, owner: Address): Promise<bigint> {
  if (isNative(token)) return MAX_UINT256
  return chain.client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, chain.router],
  })
}

export interface GasPrices {
  standard: bigint
  fast: bigint
  instant: bigint
}

/**
 * Gas prices from the node's fee history: the next block's base fee plus the 25th / 50th / 90th percentile
 * priority fee paid over the last 10 blocks. Nodes without `eth_feeHistory` fall back to `eth_gasPrice` × 1, 1.1, 1.25.
 */
export async function readGasPrices(chain: SwapChain): Promise<GasPrices> {
  try {
    const history = await chain.client.getFeeHistory({ blockCount: 10, rewardPercentiles: [25, 50, 90] })
    const nextBase = history.baseFeePerGas.at(-1) ?? 0n
    const rewards = (history.reward ?? []).filter((r) => r.length === 3)
    const average = (index: number) =>
      rewards.length ? rewards.reduce((sum, r) => sum + r[index]!, 0n) / BigInt(rewards.length) : 0n
    const standard = nextBase + average(0)
    const fast = maxOf(nextBase + average(1), standard)
    const instant = maxOf(nextBase + average(2), fast)
    if (standard > 0n) return { standard, fast, instant }
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
  }
  const gasPrice = await chain.client.getGasPrice()
  return { standard: gasPrice, fast: (gasPrice * 110n) / 100n, instant: (gasPrice * 125n) / 100n }
}

export interface BuiltTransaction {
  from: Address
  to: Address
  data: Hex
  value: bigint
  gas: bigint
  gasPrice: bigint
}

/** An ERC-20 `approve(router, amount)` for the source token, with gas estimated for the owner. */
export async function buildApprove(
  chain: SwapChain,
  token: Address,
  owner: Address,
  amount: bigint,
): Promise<BuiltTransaction> {
  if (isNative(token)) throw badRequest('approval_not_needed', 'The native currency needs no approval')
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, amount] })
  const [gas, prices] = await Promise.all([
    estimate(chain, { from: owner, to: token, data, value: 0n }),
    readGasPrices(chain),
  ])
  return { from: owner, to: token, data, value: 0n, gas, gasPrice: prices.standard }
}

/**
 * The router call for an exact-input swap: `swapExactETHForTokens`, `swapExactTokensForETH` or
 * `swapExactTokensForTokens`, on the quoted path, with the minimum output the slippage allows and a deadline
 * 20 minutes ahead. Refused when the allowance is short (build the approval first) or the call would revert.
 * With `afterApproval` (the wallet runs the approval and the swap in one batch) a short allowance is no refusal: the
 * swap cannot be simulated before its approval, so its gas is `UNSIMULATED_SWAP_GAS`, a budget for the preview's
 * network cost (the wallet prices the batch itself).
 */
export async function buildSwap(
  chain: SwapChain,
  parameters: {
    from: Address
    to: Address
    amount: bigint
    user: Address
    slippagePercent: number
    afterApproval?: boolean
  },
): Promise<BuiltTransaction & { quote: SwapQuote; minimumOut: bigint; deadline: bigint }> {
  const { from, to, amount, user, slippagePercent, afterApproval = false } = parameters
  const [quote, allowance, prices, block] = await Promise.all([
    quoteSwap(chain, from, to, amount),
    readAllowance(chain, from, user),
    readGasPrices(chain),
    chain.client.getBlock(),
  ])
  const approvalPending = allowance < amount
  if (approvalPending && !afterApproval) {
    throw badRequest(
      'insufficient_allowance',
      'The router may not spend this much of the source token yet: send the approval first',
      {
        allowance: allowance.toString(),
      },
    )
  }
  const slippageBasisPoints = BigInt(Math.round(slippagePercent * 100))
  const minimumOut = (quote.toAmount * (10_000n - slippageBasisPoints)) / 10_000n
  // The later of the chain's clock and ours: a local chain's clock may be ahead of the wall clock.
  const now = BigInt(Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp)))
  const deadline = now + BigInt(SWAP_DEADLINE_SECONDS)
  const data = isNative(from)
    ? encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [minimumOut, quote.path, user, deadline],
      })
    : isNative(to)
      ? encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForETH',
          args: [amount, minimumOut, quote.path, user, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amount, minimumOut, quote.path, user, deadline],
        })
  const value = isNative(from) ? amount : 0n
  const gas = approvalPending
    ? UNSIMULATED_SWAP_GAS
    : await estimate(chain, { from: user, to: chain.router, data, value })
  return { from: user, to: chain.router, data, value, gas, gasPrice: prices.standard, quote, minimumOut, deadline }
}

/** Estimates gas with 20 % headroom; a call that would revert (no balance, no allowance) is a 400 with its reason. */
async function estimate(
  chain: SwapChain,
  call: { from: Address; to: Address; data: Hex; value: bigint },
): Promise<bigint> {
  try {
    const gas = await chain.client.estimateGas({ account: call.from, to: call.to, data: call.data, value: call.value })
    return (gas * 120n) / 100n
  } catch (error) {
    // The node not answering is not the transaction's fault: leave it to the 502 mapping.
    if (error instanceof BaseError && !isTransportFailure(error)) {
      const reason = error.walk(
        (e) => e instanceof ContractFunctionRevertedError,
      ) as ContractFunctionRevertedError | null
      throw badRequest('transaction_would_fail', `The transaction would fail: ${reason?.reason ?? error.shortMessage}`)
    }
    throw error
  }
}

function isTransportFailure(error: BaseError): boolean {
  return (
    error.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof TimeoutError ||
        e instanceof SocketClosedError ||
        e instanceof WebSocketRequestError,
    ) !== null
  )
}

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError) !== null
}

function maxOf(a: bigint, b: bigint) {
  return a > b ? a : b
}
