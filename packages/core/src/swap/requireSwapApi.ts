import type { ApiClient } from '../api/apiClient.ts'
import { ClientNotSetError } from '../errors/errors.ts'

/** The Foyer server client the convert API lives on, or `ClientNotSetError` when the site set no `apiUrl`. */
export function requireSwapApi(client: { api?: ApiClient }): ApiClient {
  if (!client.api) throw new ClientNotSetError({ details: 'No apiUrl: swaps need the Foyer server' })
  return client.api
}
