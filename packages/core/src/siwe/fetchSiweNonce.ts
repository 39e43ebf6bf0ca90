import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { siweNonce } from '../protocol/endpoints/siwe.ts'
import type { SiweNonceResponse } from '../protocol/siwe.ts'
import { SiweNonceError, toSiweError } from './siweErrors.ts'

/** `GET /v1/auth/siwe/nonce`: a single-use nonce (5 minutes) for the message's `Nonce:` line, and when it expires. */
export type FetchSiweNonceReturnType = SiweNonceResponse

/** A fresh nonce from the Foyer server for one sign-in-with-Ethereum message; `SiweNonceError` when there is none. */
export async function fetchSiweNonce(
  client: { api?: ApiClient },
  { signal }: { signal?: AbortSignal } = {},
): Promise<FetchSiweNonceReturnType> {
  const api = requireApi(client, 'sign-in with Ethereum')
  try {
    return await api.call(siweNonce, {}, { signal })
  } catch (e) {
    throw toSiweError(e, (parameters) => new SiweNonceError(parameters))
  }
}
