import * as v from 'valibot'
import { CaipAccountId, EvmAddress, EvmChainId, type Hex, PositiveAmount, WeiAmount } from './primitives.ts'

/**
 * The swap API, `/v1/convert/*` on the wire: each request as the server validates it, each response as the server
 * sends it. Token ids are CAIP-10 (`eip155:31337:0x…`); amounts are integer text in the token's smallest unit.
 */

/** The largest slippage the API builds with, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50

/** `GET /v1/convert/tokens` and `GET /v1/convert/gas-price` query. */
export const SwapChainQuery = v.object({ chainId: EvmChainId })

/** `GET /v1/convert/quotes` query. `userAddress` may be CAIP-10 or, for compatibility, a bare address. */
export const SwapQuoteQuery = v.object({
  from: CaipAccountId,
  to: CaipAccountId,
  amount: PositiveAmount,
  userAddress: v.optional(
    v.union([v.pipe(v.literal('')), EvmAddress, CaipAccountId], 'must be a CAIP-10 token id such as eip155:1:0x…'),
  ),
  gasPrice: v.optional(v.union([v.literal(''), WeiAmount], 'must be an integer amount of wei')),
})

/** `GET /v1/convert/allowance` query. */
export const SwapAllowanceQuery = v.object({ tokenAddress: CaipAccountId, userAddress: CaipAccountId })

/** `GET /v1/convert/build-approve` query; no `amount` approves the most a uint256 holds. */
export const SwapBuildApproveQuery = v.object({
  from: CaipAccountId,
  to: CaipAccountId,
  userAddress: CaipAccountId,
  amount: v.optional(
    v.union([v.literal(''), PositiveAmount], 'must be a positive integer amount in the token’s smallest unit'),
  ),
})

/** `POST /v1/convert/build-transaction` body. */
export const SwapBuildTransactionBody = v.object(
  {
    from: CaipAccountId,
    to: CaipAccountId,
    amount: PositiveAmount,
    userAddress: CaipAccountId,
    eip155: v.object(
      {
        slippage: v.pipe(
          v.number(`must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}`),
          v.minValue(0, `must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}`),
          v.maxValue(MAX_SLIPPAGE_PERCENT, `must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}`),
        ),
        /** The swap runs in one batch after its approval: a short allowance is no refusal (gas is a budget). */
        afterApproval: v.optional(v.boolean('must be true or false')),
      },
      `must be an object {slippage, afterApproval?}`,
    ),
  },
  'send a JSON object {amount, eip155: {slippage}, from, to, userAddress}',
)

export type SwapQuoteQueryInput = v.InferInput<typeof SwapQuoteQuery>
export type SwapAllowanceQueryInput = v.InferInput<typeof SwapAllowanceQuery>
export type SwapBuildApproveQueryInput = v.InferInput<typeof SwapBuildApproveQuery>
export type SwapBuildTransactionBodyInput = v.InferInput<typeof SwapBuildTransactionBody>

/** One token the swap API offers. */
export type SwapApiToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string | null }
/** `GET /v1/convert/tokens`, and the router (lower-case address) the built swaps call. */
export type SwapTokensResponse = { tokens: SwapApiToken[]; router: string }
/** `GET /v1/convert/quotes`. */
export type SwapQuotesResponse = {
  quotes: {
    fromAmount: string
    fromAccount: string
    toAmount: string
    toAccount: string
    path: string[]
    priceImpact: number
  }[]
}
/** `GET /v1/convert/allowance`. */
export type SwapAllowanceResponse = { allowance: string }
/** `GET /v1/convert/gas-price`, wei per gas. */
export type SwapGasPriceResponse = { standard: string; fast: string; instant: string }
/** A transaction the API built, ready for the wallet. */
export type SwapApiTransaction = {
  chainId: string
  from: string
  to: string
  data: Hex
  value: string
  eip155: { gas: string; gasPrice: string }
}
/** `GET /v1/convert/build-approve`. */
export type SwapBuildApproveResponse = { tx: SwapApiTransaction }
/** `POST /v1/convert/build-transaction`. */
export type SwapBuildTransactionResponse = {
  tx: SwapApiTransaction
  quote: { toAmount: string; minimumToAmount: string; deadline: number }
}
