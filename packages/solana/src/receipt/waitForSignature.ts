import type { CaipNetwork } from '@foyer/core'
import { type ChainAdapter, RECEIPT_TIMEOUT_MS } from '@foyer/core/internal'
import { type Signature, signature as toSignature } from '@solana/kit'
import { SolanaTransactionTimeoutError } from '../errors/solanaErrors.ts'
import { solanaRpc } from '../rpc/solanaRpc.ts'

/** What `ChainAdapter.waitForReceipt` resolves to: `success` or `reverted`, and the signature. */
export type SolanaReceipt = Awaited<ReturnType<NonNullable<ChainAdapter['waitForReceipt']>>>

export type WaitForSignatureOptions = {
  /** Give up after this many milliseconds; the product's receipt wait is 25 s (`RECEIPT_TIMEOUT_MS`). */
  timeout?: number
  /** Time between two status reads; 500 ms by default. */
  pollingInterval?: number
}

/**
 * Polls `getSignatureStatuses` until the transaction is `confirmed` or `finalized`: `success`, or `reverted` when it
 * landed with an error. Rejects with `SolanaTransactionTimeoutError` after the timeout.
 */
export async function waitForSignature(
  network: CaipNetwork,
  signature: string,
  options: WaitForSignatureOptions = {},
): Promise<SolanaReceipt> {
  const timeout = options.timeout ?? RECEIPT_TIMEOUT_MS
  const interval = options.pollingInterval ?? 500
  const rpc = solanaRpc(network)
  const sig: Signature = toSignature(signature)
  const deadline = Date.now() + timeout
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([sig]).send()
    const status = value[0]
    if (status?.err) return { status: 'reverted', transactionHash: signature }
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return { status: 'success', transactionHash: signature }
    if (Date.now() + interval > deadline) throw new SolanaTransactionTimeoutError({ signature, timeout })
    await new Promise((resolve) => setTimeout(resolve, interval))
  }
}
