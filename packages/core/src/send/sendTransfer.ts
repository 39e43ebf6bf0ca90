import { type ChainAdapterNotFoundErrorType, isUserRejection } from '../errors/errors.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import { type AdapterHolder, sendingAdapter } from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken, type WalletToken } from '../wallet-transactions/walletTokens.ts'
import { TransferFailedError, type TransferFailedErrorType } from './sendErrors.ts'

export type SendTransferParameters = {
  network: CaipNetwork
  token: Pick<WalletToken, 'address'>
  /** The receiver. */
  to: string
  /** In the token's base units. */
  amount: bigint
}
/** The transaction hash, once the wallet has sent it (not yet mined). */
export type SendTransferReturnType = string
/** Besides these, the wallet's own error when the person declines (`isUserRejection` is true for it). */
export type SendTransferErrorType = TransferFailedErrorType | ChainAdapterNotFoundErrorType

/**
 * Has the connected wallet sign and send a transfer: a native transfer, or an ERC-20 `transfer(to, amount)`.
 * A decline is thrown as the wallet reported it; any other failure is `TransferFailedError` ("Failed to send
 * transaction. Please try again."); `ChainAdapterNotFoundError` when the site's adapter cannot send.
 *
 * @example
 * const hash = await sendTransfer(client, { network, token, to: receiver, amount: 10n ** 17n })
 */
export async function sendTransfer(
  client: AdapterHolder,
  parameters: SendTransferParameters,
): Promise<SendTransferReturnType> {
  const { network, token, to, amount } = parameters
  const adapter = sendingAdapter(client, network)
  try {
    return isNativeToken(token)
      ? await adapter.sendTransaction({ network, to, value: amount })
      : await adapter.writeContract({
          network,
          tokenAddress: token.address,
          functionName: 'transfer',
          args: [to, amount],
        })
  } catch (error) {
    if (isUserRejection(error)) throw error
    throw new TransferFailedError({ cause: error })
  }
}
