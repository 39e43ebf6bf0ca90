import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { nameSuggestions } from '../protocol/endpoints/names.ts'
import type { NameSuggestion } from '../protocol/names.ts'
import { NameSuggestionsError } from './nameErrors.ts'

export type { NameSuggestion }

export type FetchNameSuggestionsParameters = {
  /** The label (`alice`) or full name (`alice.foyer.id`), any case. */
  name: string
  signal?: AbortSignal
}

export type FetchNameSuggestionsReturnType = NameSuggestion[]
export type FetchNameSuggestionsErrorType = NameSuggestionsError

/**
 * The typed name with whether it is registered, then up to 4 free variants, all as full names
 * (`GET /v1/profile/suggestions/{name}`). Throws `NameSuggestionsError` ("Error fetching name suggestions"), or
 * `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const [typed, ...free] = await fetchNameSuggestions(client, { name: 'alice' })
 * if (typed.registered) offer(free)
 */
export async function fetchNameSuggestions(
  client: { api?: ApiClient },
  { name, signal }: FetchNameSuggestionsParameters,
): Promise<FetchNameSuggestionsReturnType> {
  const api = requireApi(client, 'account names')
  try {
    const { suggestions } = await api.call(nameSuggestions, { params: { name: name.trim() } }, { signal })
    return suggestions
  } catch (error) {
    throw new NameSuggestionsError({ cause: error })
  }
}

/** Query key of `fetchNameSuggestions`. */
export function nameSuggestionsQueryKey({ name }: { name: string }) {
  return ['foyer', 'names', 'suggestions', name.trim().toLowerCase()] as const
}
