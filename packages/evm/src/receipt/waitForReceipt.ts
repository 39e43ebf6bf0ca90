import { RECEIPT_TIMEOUT_MS } from '@foyer/core/internal'
import type { Hash, TransactionReceipt } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import type { EvmPublicClient } from '../networks/publicClients.ts'

export type WaitForReceiptOptions = {
  /** Give up after this many milliseconds; the product's receipt wait is 25 s (`RECEIPT_TIMEOUT_MS`). */
  timeout?: number
  /** Blocks to wait for after inclusion; 1 by default. */
  confirmations?: number
}

/**
 * Waits for a transaction's receipt over the network's RPC. Rejects with viem's
 * `WaitForTransactionReceiptTimeoutError` after 25 s unless `timeout` says otherwise.
 */
export function waitForReceipt(
  client: EvmPublicClient,
  hash: Hash,
  options: WaitForReceiptOptions = {},
): Promise<TransactionReceipt> {
  return waitForTransactionReceipt(client, {
    hash,
    timeout: options.timeout ?? RECEIPT_TIMEOUT_MS,
    ...(options.confirmations !== undefined && { confirmations: options.confirmations }),
  })
}
