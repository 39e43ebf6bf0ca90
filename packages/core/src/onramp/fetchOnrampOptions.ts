import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampOptions } from '../protocol/endpoints/onramp.ts'
import type { OnrampOptionsResponse } from '../protocol/onramp.ts'
import { OnrampOptionsError } from './onrampErrors.ts'

export type { OnrampOptionsResponse }

export type FetchOnrampOptionsParameters = {
  /** A provider id from `fetchOnrampProviders` (default: the server's first). */
  provider?: string
  signal?: AbortSignal
}
export type FetchOnrampOptionsReturnType = OnrampOptionsResponse
export type FetchOnrampOptionsErrorType = OnrampOptionsError

/**
 * What a provider sells on which networks (`purchaseCurrencies`) and what it takes in payment, with the limits
 * per payment method (`paymentCurrencies[].payment_method_limits`) — `GET /v1/onramp/options`. Throws
 * `OnrampOptionsError` (`reason` `unknown_provider`, `feature_disabled` …), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const { purchaseCurrencies, paymentCurrencies } = await fetchOnrampOptions(client, { provider: 'sandbox' })
 */
export async function fetchOnrampOptions(
  client: { api?: ApiClient },
  { provider, signal }: FetchOnrampOptionsParameters = {},
): Promise<FetchOnrampOptionsReturnType> {
  const api = requireApi(client, 'the on-ramp')
  try {
    return await api.call(onrampOptions, { query: { provider } }, { signal })
  } catch (error) {
    throw new OnrampOptionsError({ cause: error })
  }
}
