import type { AdapterReceipt } from '../adapter/adapter.ts'
import type { ChainAdapterNotFoundErrorType } from '../errors/errors.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import {
  type AdapterHolder,
  sendingAdapter,
  TransactionRevertedError,
  type TransactionRevertedErrorType,
} from '../wallet-transactions/transactionMessages.ts'
import type { SwapTransaction } from './swapTransaction.ts'

export type SendSwapTransactionParameters = {
  network: CaipNetwork
  /** What `buildSwapApproval` or `buildSwapTransaction` built. */
  transaction: SwapTransaction
}
export type SendSwapTransactionReturnType = { hash: string; receipt: AdapterReceipt }
/** Besides these, whatever the wallet throws (a decline is `UserRejectedRequestError`). */
export type SendSwapTransactionErrorType = TransactionRevertedErrorType | ChainAdapterNotFoundErrorType

/**
 * Has the connected wallet sign and send a built approval or swap, with the server's gas and gas price, and waits for
 * it to be mined. Throws `TransactionRevertedError` ("Transaction error") when it reverts, `ChainAdapterNotFoundError`
 * when the site's adapter for the network cannot send.
 *
 * @example
 * await sendSwapTransaction(client, { network, transaction: approval })
 */
export async function sendSwapTransaction(
  client: AdapterHolder,
  parameters: SendSwapTransactionParameters,
): Promise<SendSwapTransactionReturnType> {
  const { network, transaction } = parameters
  const adapter = sendingAdapter(client, network)
  const hash = await adapter.sendTransaction({ network, ...transaction })
  const receipt = await adapter.waitForReceipt(hash, network)
  if (receipt.status !== 'success') throw new TransactionRevertedError({ hash })
  return { hash, receipt }
}
