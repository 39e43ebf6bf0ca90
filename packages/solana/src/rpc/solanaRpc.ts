import type { CaipNetwork } from '@foyer/core'
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit'

export type SolanaRpc = Rpc<SolanaRpcApi>

const clients = new Map<string, SolanaRpc>()

/** A kit RPC client over the network's `rpcUrl`, one per URL. */
export function solanaRpc(network: CaipNetwork): SolanaRpc {
  let rpc = clients.get(network.rpcUrl)
  if (!rpc) {
    rpc = createSolanaRpc(network.rpcUrl) as SolanaRpc
    clients.set(network.rpcUrl, rpc)
  }
  return rpc
}
