import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { nameReverse } from '../protocol/endpoints/names.ts'
import type { NameRecord } from '../protocol/names.ts'
import { AccountNamesError } from './nameErrors.ts'

export type FetchAccountNamesParameters = {
  address: string
  signal?: AbortSignal
}

export type FetchAccountNamesReturnType = NameRecord[]
export type FetchAccountNamesErrorType = AccountNamesError

/**
 * The names registered to an address, its primary (newest) name first; empty when it has none
 * (`GET /v1/profile/reverse/{address}`). Throws `AccountNamesError` ("Error fetching names for address"), or
 * `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const [primary] = await fetchAccountNames(client, { address })
 */
export async function fetchAccountNames(
  client: { api?: ApiClient },
  { address, signal }: FetchAccountNamesParameters,
): Promise<FetchAccountNamesReturnType> {
  const api = requireApi(client, 'account names')
  try {
    return await api.call(nameReverse, { params: { address } }, { signal })
  } catch (error) {
    throw new AccountNamesError({ cause: error })
  }
}

/** Query key of `fetchAccountNames`. */
export function accountNamesQueryKey({ address }: { address: string }) {
  return ['foyer', 'names', 'reverse', address.toLowerCase()] as const
}
