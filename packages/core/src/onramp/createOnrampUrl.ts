import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampUrl } from '../protocol/endpoints/onramp.ts'
import type { OnrampUrlBodyInput, OnrampUrlResponse } from '../protocol/onramp.ts'
import { OnrampUrlError } from './onrampErrors.ts'

export type { OnrampUrlResponse }

export type CreateOnrampUrlParameters = OnrampUrlBodyInput & { signal?: AbortSignal }
export type CreateOnrampUrlReturnType = OnrampUrlResponse
export type CreateOnrampUrlErrorType = OnrampUrlError

/**
 * Stores a purchase (status `created`) and answers the provider's checkout page for it
 * (`POST /v1/generators/onrampurl`). With `quoteId` the purchase takes the quote's figures; otherwise the first
 * asset on `defaultNetwork` is priced from `presetFiatAmount` (or `presetCryptoAmount`). Throws `OnrampUrlError`
 * (`reason` `quote_expired` for a quote older than 5 minutes, the quote's refusals …), or `ClientNotSetError`
 * without `apiUrl`.
 *
 * @example
 * const { url, purchaseId } = await createOnrampUrl(client, {
 *   destinationWallets: [{ address, blockchains: ['eip155:31337'], assets: ['fUSD'] }],
 *   defaultNetwork: 'eip155:31337', partnerUserId: address, defaultExperience: 'buy', quoteId: quote.quoteId,
 * })
 * window.open(url, '_blank')
 */
export async function createOnrampUrl(
  client: { api?: ApiClient },
  { signal, ...body }: CreateOnrampUrlParameters,
): Promise<CreateOnrampUrlReturnType> {
  const api = requireApi(client, 'the on-ramp')
  try {
    return await api.call(onrampUrl, { body }, { signal })
  } catch (error) {
    throw new OnrampUrlError({ cause: error })
  }
}
