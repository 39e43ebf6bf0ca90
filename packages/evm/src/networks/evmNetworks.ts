import { type CaipNetwork, ChainRequiredError, UnsupportedChainError } from '@foyer/core'
import { fromViemChain } from '@foyer/core/internal'
import { type Chain, defineChain } from 'viem'

/**
 * A viem / wagmi chain as a Foyer network (`eip155:<id>`). The same conversion `createFoyer({ networks })` applies
 * to chain objects, exported so a site can build its network list from the chains it gives wagmi.
 */
export const toCaipNetwork: (chain: Parameters<typeof fromViemChain>[0]) => CaipNetwork = fromViemChain

/** The numeric chain id of an EVM network; other namespaces are not this adapter's. */
export function evmChainId(network: CaipNetwork | undefined): number {
  if (!network) throw new ChainRequiredError()
  const chainId = Number(network.chainId)
  if (network.chainNamespace !== 'eip155' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new UnsupportedChainError({ chainId: network.id })
  }
  return chainId
}

/** A viem chain for a Foyer network, so clients made from it know its currency and explorer. */
export function toViemChain(network: CaipNetwork): Chain {
  return defineChain({
    id: evmChainId(network),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
    ...(network.blockExplorer && { blockExplorers: { default: network.blockExplorer } }),
    ...(network.testnet !== undefined && { testnet: network.testnet }),
  })
}
