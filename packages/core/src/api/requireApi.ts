import { ClientNotSetError } from '../errors/errors.ts'
import type { ApiClient } from './apiClient.ts'

/** The Foyer server client, or `ClientNotSetError` when the site set no `apiUrl`; `feature` names what needs it. */
export function requireApi(client: { api?: ApiClient }, feature = 'account data'): ApiClient {
  if (!client.api)
    throw new ClientNotSetError({
      details: `No apiUrl: the Foyer server is not configured, so ${feature} is unavailable`,
    })
  return client.api
}
