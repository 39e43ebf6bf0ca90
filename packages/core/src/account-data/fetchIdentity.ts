import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { IdentityResponse } from '../protocol/accountData.ts'
import { identity } from '../protocol/endpoints/accountData.ts'

/** `GET /v1/identity/{address}`, as `@foyer/core/protocol` defines it. */
export type Identity = IdentityResponse

/** The account's primary Foyer name and its avatar (`GET /v1/identity/{address}`); each null when there is none. */
export async function fetchIdentity(
  client: { api?: ApiClient },
  { address, signal }: { address: string; signal?: AbortSignal },
): Promise<Identity> {
  return requireApi(client).call(identity, { params: { address } }, { signal })
}

export function identityQueryKey({ address }: { address: string }) {
  return ['foyer', 'identity', address.toLowerCase()] as const
}
