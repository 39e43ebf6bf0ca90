import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { ClientNotSetErrorType } from '../errors/errors.ts'
import { swapBuildApprove } from '../protocol/endpoints/swap.ts'
import type { SwapBuildApproveQueryInput } from '../protocol/swap.ts'
import { SwapApprovalError, type SwapApprovalErrorType } from './swapErrors.ts'
import { parseSwapTransaction, type SwapTransaction } from './swapTransaction.ts'

export type BuildSwapApprovalParameters = Omit<SwapBuildApproveQueryInput, 'amount'> & {
  /** In the source token's base units; absent approves the most a uint256 holds. */
  amount?: bigint
  signal?: AbortSignal
}
/** The `approve` call for the wallet to send, with the server's gas and gas price. */
export type BuildSwapApprovalReturnType = SwapTransaction
export type BuildSwapApprovalErrorType = SwapApprovalErrorType | ClientNotSetErrorType

/**
 * Builds the ERC-20 `approve` that lets the swap router spend `amount` of `from` (`GET /v1/convert/build-approve`).
 * Throws `SwapApprovalError` ("Failed to create approval transaction"), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const approval = await buildSwapApproval(client, { from, to, userAddress, amount: 100_000_000n })
 */
export async function buildSwapApproval(
  client: { api?: ApiClient },
  parameters: BuildSwapApprovalParameters,
): Promise<BuildSwapApprovalReturnType> {
  const api = requireApi(client, 'swapping')
  try {
    const { tx } = await api.call(
      swapBuildApprove,
      {
        query: {
          userAddress: parameters.userAddress,
          from: parameters.from,
          to: parameters.to,
          amount: parameters.amount?.toString(),
        },
      },
      { signal: parameters.signal },
    )
    return parseSwapTransaction(tx)
  } catch (error) {
    throw new SwapApprovalError({ cause: error })
  }
}
