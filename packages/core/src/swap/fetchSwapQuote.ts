import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { type ClientNotSetErrorType, HttpRequestError } from '../errors/errors.ts'
import { swapQuotes } from '../protocol/endpoints/swap.ts'
import type { SwapQuoteQueryInput, SwapQuotesResponse } from '../protocol/swap.ts'
import { SwapQuoteError, type SwapQuoteErrorType } from './swapErrors.ts'

export type FetchSwapQuoteParameters = Pick<SwapQuoteQueryInput, 'from' | 'to' | 'userAddress'> & {
  /** In the source token's base units. */
  amount: bigint
  /** Wei per gas unit the route is priced at. */
  gasPrice?: bigint
  signal?: AbortSignal
}

/** The best route the server found for the amount. */
export type FetchSwapQuoteReturnType = {
  /** In the source token's base units. */
  fromAmount: bigint
  /** In the target token's base units. */
  toAmount: bigint
  /** Percent the trade moves the pool price by. */
  priceImpact: number | undefined
  /** CAIP-10 ids of the tokens the route goes through, source first. */
  path: string[]
}
export type FetchSwapQuoteErrorType = SwapQuoteErrorType | ClientNotSetErrorType

/**
 * Quotes a swap over the Foyer server's pools (`GET /v1/convert/quotes`). Throws `SwapQuoteError`: `noRoute` when the
 * server refuses the pair or the amount (400, "No pool can swap these tokens"), else "Something went wrong";
 * `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const { toAmount } = await fetchSwapQuote(client, { from: 'eip155:31337:0xeeee…', to: 'eip155:31337:0x…', amount: 10n ** 18n })
 */
export async function fetchSwapQuote(
  client: { api?: ApiClient },
  parameters: FetchSwapQuoteParameters,
): Promise<FetchSwapQuoteReturnType> {
  const api = requireApi(client, 'swapping')
  let answer: SwapQuotesResponse
  try {
    answer = await api.call(
      swapQuotes,
      {
        query: {
          amount: parameters.amount.toString(),
          userAddress: parameters.userAddress,
          from: parameters.from,
          to: parameters.to,
          gasPrice: parameters.gasPrice?.toString(),
        },
      },
      { signal: parameters.signal },
    )
  } catch (error) {
    throw new SwapQuoteError({ cause: error, noRoute: error instanceof HttpRequestError && error.status === 400 })
  }
  const [quote] = answer.quotes
  if (!quote) throw new SwapQuoteError({ details: 'The swap API answered without a quote' })
  return {
    fromAmount: BigInt(quote.fromAmount),
    toAmount: BigInt(quote.toAmount),
    priceImpact: quote.priceImpact,
    path: quote.path,
  }
}
