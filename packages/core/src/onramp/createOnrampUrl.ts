import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampUrl } from '../protocol/endpoints/onramp.ts'
import type { OnrampUrlBodyInput, OnrampUrlResponse } from '../protocol/onramp.ts'
import { OnrampUrlError } from './onrampErrors.ts'
import { holdPurchase } from './purchaseSecrets.ts'

export type { OnrampUrlResponse }

export type CreateOnrampUrlParameters = OnrampUrlBodyInput & { signal?: AbortSignal }
export type CreateOnrampUrlReturnType = OnrampUrlResponse
export type CreateOnrampUrlErrorType = OnrampUrlError

/**
 * Stores a purchase (status `created`) and answers the provider's checkout page for it
 * (`POST /v1/generators/onrampurl`), with the purchase's secret: the page keeps it (in memory and localStorage, per
 * server, project and address), and `fetchOnrampPurchase` and the history's `onramp` pages send it back, since a
 * purchase is read only with its secret. A quote buys one purchase (`reason` `quote_used` for a second one); a
 * `defaultNetwork` the wallet's `blockchains` do not list is refused. With `quoteId` the purchase takes the quote's figures; otherwise the first
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
    const answer = await api.call(onrampUrl, { body }, { signal })
    const address = body.destinationWallets[0]?.address
    if (address) holdPurchase(api, address, { id: answer.purchaseId, secret: answer.purchaseSecret })
    return answer
  } catch (error) {
    throw new OnrampUrlError({ cause: error })
  }
}
