import type { CaipNetwork } from '../networks/networks.ts'

/** A local EVM network for client tests that never reach its RPC (the adapters under test answer from memory). */
export const localNetwork = (chainId: number, name: string): CaipNetwork => ({
  id: `eip155:${chainId}`,
  chainNamespace: 'eip155',
  chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: `http://127.0.0.1/${chainId}`,
})
