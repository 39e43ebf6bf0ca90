import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { HttpRequestError } from '../errors/errors.ts'
import { siweSignOut } from '../protocol/endpoints/siwe.ts'
import { SiweSignOutError, toSiweError } from './siweErrors.ts'

/**
 * Revokes a sign-in `token` on the Foyer server (`POST /v1/auth/siwe/sign-out`). Signing out twice is fine, and so is
 * a token the server no longer takes (expired, not this project's: 401): either way it cannot be used any more.
 * Other failures (the server unreachable or failing) are a `SiweSignOutError`.
 */
export async function signOutSiwe(
  client: { api?: ApiClient },
  { token, signal }: { token: string; signal?: AbortSignal },
): Promise<void> {
  const api = requireApi(client, 'sign-in with Ethereum')
  try {
    await api.call(siweSignOut, {}, { signal, headers: { authorization: `Bearer ${token}` } })
  } catch (e) {
    if (e instanceof HttpRequestError && e.status === 401) return
    throw toSiweError(e, (parameters) => new SiweSignOutError(parameters))
  }
}
