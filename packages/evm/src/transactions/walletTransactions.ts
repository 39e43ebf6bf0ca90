import type { AdapterTokenCall, AdapterTransaction } from '@foyer/core/internal'
import { type Config, sendTransaction } from '@wagmi/core'
import { type Address, encodeFunctionData, type Hash, type Hex } from 'viem'
import { estimateGas, getGasPrice } from 'viem/actions'
import { toFoyerError } from '../errors/walletErrors.ts'
import { evmChainId } from '../networks/evmNetworks.ts'
import type { EvmPublicClient } from '../networks/publicClients.ts'

/** Gas fields as wagmi takes them: a legacy `gasPrice` when the caller fixed one (the swap API builds with one). */
function gasFields(transaction: { gas?: bigint; gasPrice?: bigint }) {
  return {
    ...(transaction.gas !== undefined && { gas: transaction.gas }),
    ...(transaction.gasPrice !== undefined && { gasPrice: transaction.gasPrice, type: 'legacy' as const }),
  }
}

/**
 * Asks the connected wallet to sign and send, on the network's chain (wagmi refuses when the wallet sits on
 * another chain). A decline becomes core's `UserRejectedRequestError`; other failures keep viem's short message.
 */
export async function sendWalletTransaction(config: Config, transaction: AdapterTransaction): Promise<Hash> {
  try {
    return await sendTransaction(config, {
      chainId: evmChainId(transaction.network),
      to: transaction.to as Address,
      ...(transaction.data && { data: transaction.data }),
      ...(transaction.value !== undefined && { value: transaction.value }),
      ...gasFields(transaction),
    } as Parameters<typeof sendTransaction>[1])
  } catch (error) {
    throw toFoyerError(error)
  }
}

/**
 * The two ERC-20 functions the modal calls, encoded here and sent as a plain transaction: viem's `erc20Abi` and
 * `writeContract` would bring its ABI constants and contract error classes (~5 KB) into the page for two fixed calls.
 */
const tokenCallAbi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const

/** The call data of an ERC-20 `transfer` or `approve`. */
function tokenCallData(call: AdapterTokenCall): Hex {
  return encodeFunctionData({
    abi: tokenCallAbi,
    functionName: call.functionName,
    args: [call.args[0] as Address, call.args[1]],
  })
}

/** An ERC-20 `transfer` or `approve` through the connected wallet: the call data, sent as a transaction. */
export async function writeTokenCall(config: Config, call: AdapterTokenCall): Promise<Hash> {
  return sendWalletTransaction(config, {
    network: call.network,
    to: call.tokenAddress,
    data: tokenCallData(call),
    gas: call.gas,
    gasPrice: call.gasPrice,
  })
}

/** Gas an ERC-20 `transfer` or `approve` by `from` would use, over the network's RPC. */
export function estimateTokenCallGas(
  client: EvmPublicClient,
  call: AdapterTokenCall & { from: string },
): Promise<bigint> {
  return estimateTransactionGas(client, {
    network: call.network,
    from: call.from,
    to: call.tokenAddress,
    data: tokenCallData(call),
  })
}

/** Gas the transaction would use, over the network's RPC. */
export function estimateTransactionGas(
  client: EvmPublicClient,
  transaction: AdapterTransaction & { from: string },
): Promise<bigint> {
  return estimateGas(client, {
    account: transaction.from as Address,
    to: transaction.to as Address,
    ...(transaction.data && { data: transaction.data }),
    ...(transaction.value !== undefined && { value: transaction.value }),
  })
}

/** The network's gas price (`eth_gasPrice`). */
export function readGasPrice(client: EvmPublicClient): Promise<bigint> {
  return getGasPrice(client)
}
