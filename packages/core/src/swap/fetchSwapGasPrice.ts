import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { ClientNotSetErrorType } from '../errors/errors.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import { swapGasPrice } from '../protocol/endpoints/swap.ts'
import { SwapGasPriceError, type SwapGasPriceErrorType } from './swapErrors.ts'

export type FetchSwapGasPriceParameters = {
  /** CAIP-2 network id, `eip155:31337`. */
  chainId: CaipNetworkId
  signal?: AbortSignal
}

/** Wei per gas unit; `standard` ≤ `fast` ≤ `instant`. The swap prices its network cost at `standard`. */
export type FetchSwapGasPriceReturnType = { standard: bigint; fast: bigint; instant: bigint }
export type FetchSwapGasPriceErrorType = SwapGasPriceErrorType | ClientNotSetErrorType

/**
 * The network's gas prices from the Foyer server's fee history (`GET /v1/convert/gas-price`).
 * Throws `SwapGasPriceError` ("Failed to initialize swap"), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const { standard } = await fetchSwapGasPrice(client, { chainId: 'eip155:31337' })
 */
export async function fetchSwapGasPrice(
  client: { api?: ApiClient },
  parameters: FetchSwapGasPriceParameters,
): Promise<FetchSwapGasPriceReturnType> {
  const api = requireApi(client, 'swapping')
  try {
    const answer = await api.call(
      swapGasPrice,
      { query: { chainId: parameters.chainId } },
      { signal: parameters.signal },
    )
    return { standard: BigInt(answer.standard), fast: BigInt(answer.fast), instant: BigInt(answer.instant) }
  } catch (error) {
    throw new SwapGasPriceError({ cause: error })
  }
}
