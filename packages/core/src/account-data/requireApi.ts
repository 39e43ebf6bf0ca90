import type { ApiClient } from '../api/apiClient.ts'
import { ClientNotSetError } from '../errors/errors.ts'

/** The Foyer server client, or `ClientNotSetError` when the site set no `apiUrl`. */
export function requireApi(client: { api?: ApiClient }): ApiClient {
  if (!client.api)
    throw new ClientNotSetError({
      details: 'No apiUrl: the Foyer server is not configured, so account data is unavailable',
    })
  return client.api
}
