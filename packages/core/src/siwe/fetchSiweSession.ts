import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { HttpRequestError } from '../errors/errors.ts'
import { siweSession } from '../protocol/endpoints/siwe.ts'
import type { SiweSessionResponse } from '../protocol/siwe.ts'
import { SiweSessionError, toSiweError } from './siweErrors.ts'

/** `GET /v1/auth/siwe/session`: the account a sign-in token stands for, and until when. */
export type FetchSiweSessionReturnType = SiweSessionResponse

/**
 * The session of a sign-in `token`, or null when the server no longer takes it (expired, signed out, another
 * project's, not ours). Other failures are a `SiweSessionError`.
 */
export async function fetchSiweSession(
  client: { api?: ApiClient },
  { token, signal }: { token: string; signal?: AbortSignal },
): Promise<FetchSiweSessionReturnType | null> {
  const api = requireApi(client, 'sign-in with Ethereum')
  try {
    return await api.call(
      siweSession,
      {},
      {
        signal,
        headers: { authorization: `Bearer ${token}` },
      },
    )
  } catch (e) {
    if (e instanceof HttpRequestError && e.status === 401) return null
    throw toSiweError(e, (parameters) => new SiweSessionError(parameters))
  }
}
