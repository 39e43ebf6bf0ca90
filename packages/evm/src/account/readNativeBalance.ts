import type { Address } from 'viem'
import { getBalance } from 'viem/actions'
import type { EvmPublicClient } from '../networks/publicClients.ts'

/**
 * The native balance over the network's RPC. A module of its own, loaded on first use: viem's `getBalance` brings
 * its `call` action and ABI coding (~8 KB gzip), which a page that only shows a connect button does not need.
 */
export function readNativeBalance(client: EvmPublicClient, address: string): Promise<bigint> {
  return getBalance(client, { address: address as Address })
}
