import { type CaipNetwork, ClientNotSetError } from '@foyer/core'
import { type Chain, type Client, createClient, type HttpTransport, http } from 'viem'
import { toViemChain } from './evmNetworks.ts'

/**
 * A bare viem client: call tree-shakable actions on it (`getBalance(client, …)` from `viem/actions`). A decorated
 * `createPublicClient` would put every public action (and secp256k1) into the page's entry chunk.
 */
export type EvmPublicClient = Client<HttpTransport, Chain>

/**
 * Reads chains over each network's own RPC, independent of the wallet: the balance of a network shows even while
 * the wallet sits on another chain. One client per network and RPC URL, kept for the life of the adapter
 * (never a module-level cache, so server renders do not share it).
 */
export function createPublicClients(): (network: CaipNetwork) => EvmPublicClient {
  const clients = new Map<string, EvmPublicClient>()
  return (network) => {
    if (!network.rpcUrl) throw new ClientNotSetError({ details: `Network ${network.id} has no RPC URL` })
    const key = `${network.id} ${network.rpcUrl}`
    let client = clients.get(key)
    if (!client) {
      // A 1 s poll: the modal waits on receipts a person is looking at; viem's default is 4 s.
      client = createClient({ chain: toViemChain(network), transport: http(network.rpcUrl), pollingInterval: 1_000 })
      clients.set(key, client)
    }
    return client
  }
}
