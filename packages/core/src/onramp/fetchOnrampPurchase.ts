import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampPurchase } from '../protocol/endpoints/onramp.ts'
import type { OnrampPurchase } from '../protocol/onramp.ts'
import { OnrampPurchaseError } from './onrampErrors.ts'

export type { OnrampPurchase }

export type FetchOnrampPurchaseParameters = {
  /** The `purchaseId` `createOnrampUrl` answered. */
  id: string
  signal?: AbortSignal
}
export type FetchOnrampPurchaseReturnType = OnrampPurchase
export type FetchOnrampPurchaseErrorType = OnrampPurchaseError

/**
 * A purchase and its status — `created`, `pending`, `paid`, `completed` (with `txHash`) or `failed` (with
 * `failureReason`) — from `GET /v1/onramp/purchases/{id}`. Throws `OnrampPurchaseError` (`reason`
 * `purchase_not_found` for an unknown id), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const purchase = await fetchOnrampPurchase(client, { id: purchaseId })
 * if (purchase.status === 'completed') console.log(purchase.txHash)
 */
export async function fetchOnrampPurchase(
  client: { api?: ApiClient },
  { id, signal }: FetchOnrampPurchaseParameters,
): Promise<FetchOnrampPurchaseReturnType> {
  const api = requireApi(client, 'the on-ramp')
  try {
    return await api.call(onrampPurchase, { params: { id } }, { signal })
  } catch (error) {
    throw new OnrampPurchaseError({ cause: error })
  }
}
