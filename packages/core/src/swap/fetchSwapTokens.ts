import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { ClientNotSetErrorType } from '../errors/errors.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import { swapTokens } from '../protocol/endpoints/swap.ts'
import { SwapTokensError, type SwapTokensErrorType } from './swapErrors.ts'

/** One token the swap API offers. */
export type SwapToken = {
  /** CAIP-10 token id, `eip155:31337:0x…` (the native token is `NATIVE_TOKEN_ADDRESS_EVM`). */
  id: string
  /** The bare address, `0x…`. */
  address: string
  symbol: string
  name: string
  decimals: number
  logoUri: string | null
}

export type FetchSwapTokensParameters = {
  /** CAIP-2 network id, `eip155:31337`. */
  chainId: CaipNetworkId
  signal?: AbortSignal
}

export type FetchSwapTokensReturnType = SwapToken[]
export type FetchSwapTokensErrorType = SwapTokensErrorType | ClientNotSetErrorType

/**
 * Every token the Foyer server can swap on the network (`GET /v1/convert/tokens`), the native token first.
 * Throws `SwapTokensError` ("Failed to initialize swap"), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const tokens = await fetchSwapTokens(client, { chainId: 'eip155:31337' })
 */
export async function fetchSwapTokens(
  client: { api?: ApiClient },
  parameters: FetchSwapTokensParameters,
): Promise<FetchSwapTokensReturnType> {
  return (await fetchSwapChain(client, parameters)).tokens
}

/**
 * The swap tokens (`fetchSwapTokens`) and the router the built swaps call, lower-case: the swap's sponsorship reads
 * it before the first swap is built. `router` is undefined from a server that does not answer it.
 */
export async function fetchSwapChain(
  client: { api?: ApiClient },
  parameters: FetchSwapTokensParameters,
): Promise<{ tokens: SwapToken[]; router: string | undefined }> {
  const api = requireApi(client, 'swapping')
  try {
    const { tokens, router } = await api.call(
      swapTokens,
      { query: { chainId: parameters.chainId } },
      { signal: parameters.signal },
    )
    return {
      tokens: tokens.map((token) => ({
        id: token.address,
        address: token.address.split(':').at(-1)!,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        logoUri: token.logoUri ?? null,
      })),
      router: typeof router === 'string' ? router.toLowerCase() : undefined,
    }
  } catch (error) {
    throw new SwapTokensError({ cause: error })
  }
}
