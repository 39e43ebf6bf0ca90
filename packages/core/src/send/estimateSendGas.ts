import type { CaipNetwork } from '../networks/networks.ts'
import type { AdapterHolder } from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken, type WalletToken } from '../wallet-transactions/walletTokens.ts'
import { SendGasEstimateError, type SendGasEstimateErrorType } from './sendErrors.ts'

/** Gas a plain native transfer uses. */
export const NATIVE_TRANSFER_GAS = 21_000n
/** What an ERC-20 transfer is budgeted at before an estimate is possible (a receiver and an amount). */
export const TOKEN_TRANSFER_GAS = 65_000n

/** The gas a transfer of the token is budgeted at before it is estimated. */
export const transferGasBudget = (token: Pick<WalletToken, 'address'>) =>
  isNativeToken(token) ? NATIVE_TRANSFER_GAS : TOKEN_TRANSFER_GAS

export type EstimateSendGasParameters = {
  network: CaipNetwork
  /** The sender. */
  from: string
  token: Pick<WalletToken, 'address'>
  /** The receiver. */
  to: string
  /** In the token's base units. */
  amount: bigint
}
/** Gas units; multiply by the gas price for the network cost. */
export type EstimateSendGasReturnType = bigint
export type EstimateSendGasErrorType = SendGasEstimateErrorType

/**
 * The gas a transfer would use: `NATIVE_TRANSFER_GAS` for the native token; for an ERC-20 `transfer`, the node's
 * estimate through the site's adapter (`TOKEN_TRANSFER_GAS` when the adapter cannot estimate). Throws
 * `SendGasEstimateError` when the node refuses (the transfer would revert, e.g. over the balance).
 *
 * @example
 * const gas = await estimateSendGas(client, { network, from, token: fUsd, to: receiver, amount: 5_000_000n })
 */
export async function estimateSendGas(
  client: AdapterHolder,
  parameters: EstimateSendGasParameters,
): Promise<EstimateSendGasReturnType> {
  const { network, from, token, to, amount } = parameters
  if (isNativeToken(token)) return NATIVE_TRANSFER_GAS
  const adapter = client.options.adapters.find((a) => a.namespace === network.chainNamespace)
  if (!adapter?.estimateTokenCallGas) return TOKEN_TRANSFER_GAS
  try {
    return await adapter.estimateTokenCallGas({
      network,
      from,
      tokenAddress: token.address,
      functionName: 'transfer',
      args: [to, amount],
    })
  } catch (error) {
    throw new SendGasEstimateError({ cause: error })
  }
}
