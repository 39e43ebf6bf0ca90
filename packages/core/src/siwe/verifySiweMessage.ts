import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { siweVerify } from '../protocol/endpoints/siwe.ts'
import type { SiweVerifyResponse } from '../protocol/siwe.ts'
import { SiweVerifyError, toSiweError } from './siweErrors.ts'

/** `POST /v1/auth/siwe/verify` → the sign-in token (a JWT the site's backend checks with the server's JWKS). */
export type VerifySiweMessageReturnType = SiweVerifyResponse

/**
 * Sends the signed EIP-4361 `message` and its `signature` to the Foyer server, which checks the domain, the nonce
 * (single use), the times and the signature (EOA, ERC-1271 or ERC-6492) and answers a token. A refusal is a
 * `SiweVerifyError` whose `reason` is the server's code (`invalid_signature`, `invalid_nonce`…).
 */
export async function verifySiweMessage(
  client: { api?: ApiClient },
  { message, signature, signal }: { message: string; signature: string; signal?: AbortSignal },
): Promise<VerifySiweMessageReturnType> {
  const api = requireApi(client, 'sign-in with Ethereum')
  try {
    return await api.call(siweVerify, { body: { message, signature } }, { signal })
  } catch (e) {
    throw toSiweError(e, (parameters) => new SiweVerifyError(parameters))
  }
}
