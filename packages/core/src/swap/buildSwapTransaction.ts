import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { ClientNotSetErrorType } from '../errors/errors.ts'
import { swapBuildTransaction } from '../protocol/endpoints/swap.ts'
import type { SwapBuildTransactionBodyInput } from '../protocol/swap.ts'
import { SwapTransactionError, type SwapTransactionErrorType } from './swapErrors.ts'
import { parseSwapTransaction, type SwapTransaction } from './swapTransaction.ts'

export type BuildSwapTransactionParameters = Omit<SwapBuildTransactionBodyInput, 'amount' | 'eip155'> & {
  /** In the source token's base units. */
  amount: bigint
  /** The most the output may fall short of the quote by, in percent (`SWAP_SLIPPAGE_PERCENT`, at most 50). */
  slippage: number
  /** The wallet runs the approval and this swap in one batch: built before the allowance is there. */
  afterApproval?: boolean
  signal?: AbortSignal
}
export type BuildSwapTransactionReturnType = {
  /** The router call for the wallet to send, with the server's gas and gas price. */
  transaction: SwapTransaction
  /** What the swap was built for: the quoted output, the least it accepts, and its deadline (Unix seconds). */
  quote: { toAmount: bigint; minimumToAmount: bigint; deadline: number }
}
export type BuildSwapTransactionErrorType = SwapTransactionErrorType | ClientNotSetErrorType

/**
 * Builds the swap through the Foyer server's router (`POST /v1/convert/build-transaction`). The server refuses (400)
 * a token swap the router may not spend yet (`buildSwapApproval` first) and one that would fail.
 * Throws `SwapTransactionError` ("Failed to create transaction"), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const { transaction } = await buildSwapTransaction(client, { from, to, userAddress, amount, slippage: 1 })
 */
export async function buildSwapTransaction(
  client: { api?: ApiClient },
  parameters: BuildSwapTransactionParameters,
): Promise<BuildSwapTransactionReturnType> {
  const api = requireApi(client, 'swapping')
  try {
    const { tx, quote } = await api.call(
      swapBuildTransaction,
      {
        body: {
          amount: parameters.amount.toString(),
          eip155: {
            slippage: parameters.slippage,
            ...(parameters.afterApproval && { afterApproval: true }),
          },
          from: parameters.from,
          to: parameters.to,
          userAddress: parameters.userAddress,
        },
      },
      { signal: parameters.signal },
    )
    return {
      transaction: parseSwapTransaction(tx),
      quote: {
        toAmount: BigInt(quote.toAmount),
        minimumToAmount: BigInt(quote.minimumToAmount),
        deadline: quote.deadline,
      },
    }
  } catch (error) {
    throw new SwapTransactionError({ cause: error })
  }
}
