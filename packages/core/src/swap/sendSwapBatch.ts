import type { AdapterCallsResult, ChainAdapter } from '../adapter/adapter.ts'
import { ChainAdapterNotFoundError, type ChainAdapterNotFoundErrorType } from '../errors/errors.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import {
  type AdapterHolder,
  TransactionRevertedError,
  type TransactionRevertedErrorType,
} from '../wallet-transactions/transactionMessages.ts'
import type { SwapTransaction } from './swapTransaction.ts'

export type SendSwapBatchParameters = {
  network: CaipNetwork
  /** What `buildSwapApproval` and `buildSwapTransaction` built, in the order they run. */
  transactions: SwapTransaction[]
}
export type SendSwapBatchReturnType = AdapterCallsResult
/** Besides these, whatever the wallet throws (a decline is `UserRejectedRequestError`). */
export type SendSwapBatchErrorType = TransactionRevertedErrorType | ChainAdapterNotFoundErrorType

/** How long the preview waits for the wallet's capabilities before it goes on with two transactions. */
export const CAPABILITIES_TIMEOUT_MS = 3_000

type BatchingAdapter = Required<Pick<ChainAdapter, 'supportsAtomicBatch' | 'sendAtomicCalls'>>

function batchingAdapter(client: AdapterHolder, network: CaipNetwork): BatchingAdapter | undefined {
  const adapter = client.options.adapters.find((a) => a.namespace === network.chainNamespace)
  return adapter?.supportsAtomicBatch && adapter.sendAtomicCalls ? (adapter as BatchingAdapter) : undefined
}

/**
 * Whether the connected wallet runs call batches atomically on the network (its EIP-5792 `atomic` capability is
 * `supported` or `ready`). An adapter without batching, or a wallet that fails to answer (an error, or nothing within
 * `CAPABILITIES_TIMEOUT_MS`), is `false`.
 *
 * @example
 * if (await supportsSwapBatch(client, { network })) await sendSwapBatch(client, { network, transactions })
 */
export async function supportsSwapBatch(client: AdapterHolder, parameters: { network: CaipNetwork }): Promise<boolean> {
  const adapter = batchingAdapter(client, parameters.network)
  if (!adapter) return false
  let timer: ReturnType<typeof setTimeout> | undefined
  const silence = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CAPABILITIES_TIMEOUT_MS)
  })
  try {
    return await Promise.race([adapter.supportsAtomicBatch(parameters.network), silence])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Has the connected wallet run the approval and the swap as one atomic batch (EIP-5792 `wallet_sendCalls`) and waits
 * until it lands; the wallet prices the gas itself. Throws `TransactionRevertedError` ("Transaction error") when the
 * batch fails, `ChainAdapterNotFoundError` when the site's adapter for the network cannot batch.
 *
 * @example
 * await sendSwapBatch(client, { network, transactions: [approval, swap] })
 */
export async function sendSwapBatch(
  client: AdapterHolder,
  parameters: SendSwapBatchParameters,
): Promise<SendSwapBatchReturnType> {
  const { network, transactions } = parameters
  const adapter = batchingAdapter(client, network)
  if (!adapter) throw new ChainAdapterNotFoundError({ namespace: network.chainNamespace })
  const result = await adapter.sendAtomicCalls({
    network,
    calls: transactions.map(({ to, data, value }) => ({ to, data, value })),
  })
  if (result.status !== 'success')
    throw new TransactionRevertedError({ hash: result.receipts.at(-1)?.transactionHash ?? 'batch' })
  return result
}
