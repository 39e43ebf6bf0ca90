import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { HttpRequestError } from '../errors/errors.ts'
import { nameAccount } from '../protocol/endpoints/names.ts'
import type { NameRecord } from '../protocol/names.ts'
import { ResolveNameError } from './nameErrors.ts'

export type { NameRecord }

export type FetchAccountNameParameters = {
  /** `alice.foyer.id`, or the label alone (`alice`); any case. */
  name: string
  signal?: AbortSignal
}

export type FetchAccountNameReturnType = NameRecord | null
export type FetchAccountNameErrorType = ResolveNameError

/**
 * A registered name's record — its address per coin type, avatar and bio — from the Foyer server
 * (`GET /v1/profile/account/{name}`); null when the name is not registered. Throws `ResolveNameError`
 * ("Error resolving name"; `reason` is `invalid_name` for a name that breaks the rule), or `ClientNotSetError`
 * without `apiUrl`.
 *
 * @example
 * const record = await fetchAccountName(client, { name: 'alice.foyer.id' })
 * const address = record?.addresses[String(nameCoinType(31337))]?.address
 */
export async function fetchAccountName(
  client: { api?: ApiClient },
  { name, signal }: FetchAccountNameParameters,
): Promise<FetchAccountNameReturnType> {
  const api = requireApi(client, 'account names')
  try {
    return await api.call(nameAccount, { params: { name: name.trim() } }, { signal })
  } catch (error) {
    if (error instanceof HttpRequestError && error.status === 404) return null
    throw new ResolveNameError({ cause: error })
  }
}

/** Query key of `fetchAccountName`. */
export function accountNameQueryKey({ name }: { name: string }) {
  return ['foyer', 'names', 'account', name.trim().toLowerCase()] as const
}
