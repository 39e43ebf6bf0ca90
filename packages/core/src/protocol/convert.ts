import * as v from 'valibot'
import { CaipAccountId, EvmAddress, EvmChainId, type Hex, PositiveAmount, WeiAmount } from './primitives.ts'

/**
 * The convert (swap) API, `/v1/convert/*`: each request as the server validates it, each response as the server
 * sends it. Token ids are CAIP-10 (`eip155:31337:0x…`); amounts are integer text in the token's smallest unit.
 */

/** The largest slippage the API builds with, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50

/** `GET /v1/convert/tokens` and `GET /v1/convert/gas-price` query. */
export const ConvertChainQuery = v.object({ chainId: EvmChainId })

/** `GET /v1/convert/quotes` query. `userAddress` may be CAIP-10 or, for compatibility, a bare address. */
export const ConvertQuoteQuery = v.object({
  from: CaipAccountId,
  to: CaipAccountId,
  amount: PositiveAmount,
  userAddress: v.optional(
    v.union([v.pipe(v.literal('')), EvmAddress, CaipAccountId], 'must be a CAIP-10 token id such as eip155:1:0x…'),
  ),
  gasPrice: v.optional(v.union([v.literal(''), WeiAmount], 'must be an integer amount of wei')),
})

/** `GET /v1/convert/allowance` query. */
export const ConvertAllowanceQuery = v.object({ tokenAddress: CaipAccountId, userAddress: CaipAccountId })

/** `GET /v1/convert/build-approve` query; no `amount` approves the most a uint256 holds. */
export const ConvertBuildApproveQuery = v.object({
  from: CaipAccountId,
  to: CaipAccountId,
  userAddress: CaipAccountId,
  amount: v.optional(
    v.union([v.literal(''), PositiveAmount], 'must be a positive integer amount in the token’s smallest unit'),
  ),
})

/** `POST /v1/convert/build-transaction` body. */
export const ConvertBuildTransactionBody = v.object(
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
      },
      `must be an object {slippage}`,
    ),
  },
  'send a JSON object {amount, eip155: {slippage}, from, to, userAddress}',
)

export type ConvertQuoteQueryInput = v.InferInput<typeof ConvertQuoteQuery>
export type ConvertAllowanceQueryInput = v.InferInput<typeof ConvertAllowanceQuery>
export type ConvertBuildApproveQueryInput = v.InferInput<typeof ConvertBuildApproveQuery>
export type ConvertBuildTransactionBodyInput = v.InferInput<typeof ConvertBuildTransactionBody>

/** One token the swap API offers. */
export type ConvertToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string | null }
/** `GET /v1/convert/tokens`. */
export type ConvertTokensResponse = { tokens: ConvertToken[] }
/** `GET /v1/convert/quotes`. */
export type ConvertQuotesResponse = {
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
export type ConvertAllowanceResponse = { allowance: string }
/** `GET /v1/convert/gas-price`, wei per gas. */
export type ConvertGasPriceResponse = { standard: string; fast: string; instant: string }
/** A transaction the API built, ready for the wallet. */
export type ConvertTransaction = {
  chainId: string
  from: string
  to: string
  data: Hex
  value: string
  eip155: { gas: string; gasPrice: string }
}
/** `GET /v1/convert/build-approve`. */
export type ConvertBuildApproveResponse = { tx: ConvertTransaction }
/** `POST /v1/convert/build-transaction`. */
export type ConvertBuildTransactionResponse = {
  tx: ConvertTransaction
  quote: { toAmount: string; minimumToAmount: string; deadline: number }
}
