import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import type { Fungible, FungiblePriceBodyInput } from '../protocol/accountData.ts'
import { fungiblePrice } from '../protocol/endpoints/accountData.ts'
import { TokenPriceError } from './accountDataErrors.ts'

/**
 * One priced token (`POST /v1/fungible/price`); nulls when the address is not an ERC-20 or no pool prices it.
 * Defined in `@foyer/core/protocol` (`Fungible`).
 */
export type FungiblePrice = Fungible

export type FetchTokenPricesParameters = {
  /** CAIP-10 ids (`eip155:31337:0x…`), or bare addresses with `chainId`; `NATIVE_TOKEN_ADDRESS_EVM` is the native currency. */
  addresses: readonly string[]
  chainId?: CaipNetworkId
  signal?: AbortSignal
}

/**
 * USD prices from the Foyer server's pools, one per address in the order asked. Throws `TokenPriceError`
 * ("Failed to fetch network token price"), or `ClientNotSetError` without `apiUrl`.
 */
export async function fetchTokenPrices(
  client: { api?: ApiClient },
  parameters: FetchTokenPricesParameters,
): Promise<FungiblePrice[]> {
  const api = requireApi(client)
  try {
    const body: FungiblePriceBodyInput = { currency: 'usd', addresses: [...parameters.addresses] }
    if (parameters.chainId) body.chainId = parameters.chainId
    const { fungibles } = await api.call(
      fungiblePrice,
      { body },
      {
        signal: parameters.signal,
      },
    )
    return fungibles
  } catch (error) {
    throw new TokenPriceError({ cause: error })
  }
}

export function tokenPricesQueryKey({ addresses, chainId }: Pick<FetchTokenPricesParameters, 'addresses' | 'chainId'>) {
  return ['foyer', 'tokenPrices', chainId ?? null, ...addresses.map((a) => a.toLowerCase())] as const
}
