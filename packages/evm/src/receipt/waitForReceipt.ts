import { RECEIPT_TIMEOUT_MS } from '@foyer/core'
import type { Hash, TransactionReceipt } from 'viem'
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
export async function waitForReceipt(client: EvmPublicClient, hash: Hash, options: WaitForReceiptOptions = {}): Promise<TransactionReceipt> {
  // Loaded when first needed: receipts follow a transaction, never a page load.
  const { waitForTransactionReceipt } = await import('viem/actions')
  return waitForTransactionReceipt(client, {
    hash,
    timeout: options.timeout ?? RECEIPT_TIMEOUT_MS,
    ...(options.confirmations !== undefined && { confirmations: options.confirmations }),
  })
}
