import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampPurchase } from '../protocol/endpoints/onramp.ts'
import type { OnrampPurchase } from '../protocol/onramp.ts'
import { ONRAMP_PURCHASE_SECRETS_HEADER } from '../protocol/onramp.ts'
import { OnrampPurchaseError } from './onrampErrors.ts'
import { heldSecretOf } from './purchaseSecrets.ts'

export type { OnrampPurchase }

export type FetchOnrampPurchaseParameters = {
  /** The `purchaseId` `createOnrampUrl` answered. */
  id: string
  /** The purchase's secret (`createOnrampUrl`'s `purchaseSecret`); default: the one this page holds for `id`. */
  secret?: string
  signal?: AbortSignal
}
export type FetchOnrampPurchaseReturnType = OnrampPurchase
export type FetchOnrampPurchaseErrorType = OnrampPurchaseError

/**
 * A purchase and its status — `created`, `pending`, `paid`, `completed` (with `txHash`) or `failed` (with
 * `failureReason`) — from `GET /v1/onramp/purchases/{id}`, read with the purchase's secret. Throws
 * `OnrampPurchaseError` (`reason` `purchase_not_found` for an unknown id, or one asked for without its secret), or
 * `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const purchase = await fetchOnrampPurchase(client, { id: purchaseId })
 * if (purchase.status === 'completed') console.log(purchase.txHash)
 */
export async function fetchOnrampPurchase(
  client: { api?: ApiClient },
  { id, secret = heldSecretOf(id), signal }: FetchOnrampPurchaseParameters,
): Promise<FetchOnrampPurchaseReturnType> {
  const api = requireApi(client, 'the on-ramp')
  try {
    const headers: Record<string, string> = secret ? { [ONRAMP_PURCHASE_SECRETS_HEADER]: secret } : {}
    return await api.call(onrampPurchase, { params: { id } }, { signal, headers })
  } catch (error) {
    throw new OnrampPurchaseError({ cause: error })
  }
}
