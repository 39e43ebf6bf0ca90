import type { SwapApiTransaction } from '../protocol/swap.ts'

/** A transaction the swap API built, ready for the wallet. */
export type SwapTransaction = { to: string; data: `0x${string}`; value: bigint; gas: bigint; gasPrice: bigint }

/** The API's transaction (amounts as integer text) as the wallet takes it (bigints). */
export function parseSwapTransaction(tx: SwapApiTransaction): SwapTransaction {
  return {
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  }
}
