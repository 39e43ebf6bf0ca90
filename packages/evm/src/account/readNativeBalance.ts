import { type Address, hexToBigInt } from 'viem'
import type { EvmPublicClient } from '../networks/publicClients.ts'

/**
 * The native balance over the network's RPC: one `eth_getBalance` at the latest block. viem's `getBalance` action
 * would bring its `call` action and ABI coding (~8 KB gzip) into the page for its multicall path, which the modal
 * never takes; and as a lazy chunk it made the bundler split viem modules a wagmi page already has out of its entry.
 */
export async function readNativeBalance(client: EvmPublicClient, address: string): Promise<bigint> {
  const hex = await client.request({ method: 'eth_getBalance', params: [address as Address, 'latest'] })
  return hexToBigInt(hex)
}
