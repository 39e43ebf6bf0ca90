import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { ClientNotSetErrorType } from '../errors/errors.ts'
import { swapAllowance } from '../protocol/endpoints/swap.ts'
import type { SwapAllowanceQueryInput } from '../protocol/swap.ts'
import { SwapAllowanceError, type SwapAllowanceErrorType } from './swapErrors.ts'

export type FetchSwapAllowanceParameters = SwapAllowanceQueryInput & { signal?: AbortSignal }
/** In the token's base units; the native token answers the most a uint256 holds (it needs no approval). */
export type FetchSwapAllowanceReturnType = bigint
export type FetchSwapAllowanceErrorType = SwapAllowanceErrorType | ClientNotSetErrorType

/**
 * How much of `tokenAddress` the swap router may spend for `userAddress` (`GET /v1/convert/allowance`; both CAIP-10).
 * Throws `SwapAllowanceError` ("Failed to check allowance"), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const allowance = await fetchSwapAllowance(client, { tokenAddress: 'eip155:31337:0x…', userAddress: 'eip155:31337:0x…' })
 */
export async function fetchSwapAllowance(
  client: { api?: ApiClient },
  parameters: FetchSwapAllowanceParameters,
): Promise<FetchSwapAllowanceReturnType> {
  const api = requireApi(client, 'swapping')
  try {
    const { allowance } = await api.call(
      swapAllowance,
      { query: { tokenAddress: parameters.tokenAddress, userAddress: parameters.userAddress } },
      { signal: parameters.signal },
    )
    return BigInt(allowance)
  } catch (error) {
    throw new SwapAllowanceError({ cause: error })
  }
}
