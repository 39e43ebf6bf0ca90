import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampProviders } from '../protocol/endpoints/onramp.ts'
import type { OnrampProvidersResponse } from '../protocol/onramp.ts'
import { OnrampProvidersError } from './onrampErrors.ts'

export type { OnrampProvidersResponse }

export type FetchOnrampProvidersParameters = { signal?: AbortSignal }
export type FetchOnrampProvidersReturnType = OnrampProvidersResponse
export type FetchOnrampProvidersErrorType = OnrampProvidersError

/**
 * The operator's on-ramp providers (label, fee range, chains, whether a sandbox) and the time zones where the
 * on-ramp is hidden (`GET /v1/onramp/providers`). Throws `OnrampProvidersError` (`reason` `feature_disabled` when
 * the project has no on-ramp), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const { providers, restrictedTimezones } = await fetchOnrampProviders(client)
 */
export async function fetchOnrampProviders(
  client: { api?: ApiClient },
  { signal }: FetchOnrampProvidersParameters = {},
): Promise<FetchOnrampProvidersReturnType> {
  const api = requireApi(client, 'the on-ramp')
  try {
    return await api.call(onrampProviders, {}, { signal })
  } catch (error) {
    throw new OnrampProvidersError({ cause: error })
  }
}
