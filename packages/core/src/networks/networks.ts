/** Chain namespaces follow CAIP-2: `eip155` for EVM chains, `solana` for Solana clusters. */
export type ChainNamespace = 'eip155' | 'solana'
/** CAIP-2 network id, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** CAIP-10 account id, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export type CaipNetwork = {
  id: CaipNetworkId
  chainNamespace: ChainNamespace
  /** The chain's own id: a number for EVM chains, the genesis reference for Solana. */
  chainId: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrl: string
  blockExplorer?: { name: string; url: string }
  imageUrl?: string
  testnet?: boolean
}

export function toCaipNetworkId(namespace: ChainNamespace, chainId: number | string): CaipNetworkId {
  return `${namespace}:${chainId}`
}

export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; chainId: string } {
  const [namespace, chainId, ...rest] = id.split(':')
  if ((namespace !== 'eip155' && namespace !== 'solana') || !chainId || rest.length) {
    throw new TypeError(`Not a CAIP-2 network id: ${id}`)
  }
  return { namespace, chainId }
}

export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  return `${networkId}:${address}`
}

export function parseCaipAddress(caipAddress: string): { networkId: CaipNetworkId; address: string } {
  const index = caipAddress.lastIndexOf(':')
  const networkId = caipAddress.slice(0, index)
  parseCaipNetworkId(networkId)
  return { networkId: networkId as CaipNetworkId, address: caipAddress.slice(index + 1) }
}

/** Converts a viem-style chain definition (as wagmi users have them) into a CAIP network. */
export function fromViemChain(chain: {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}): CaipNetwork {
  return {
    id: toCaipNetworkId('eip155', chain.id),
    chainNamespace: 'eip155',
    chainId: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrl: chain.rpcUrls.default.http[0] ?? '',
    blockExplorer: chain.blockExplorers?.default,
    testnet: chain.testnet,
  }
}

export function addressExplorerUrl(network: CaipNetwork | undefined, address: string): string | undefined {
  if (!network?.blockExplorer) return undefined
  return `${network.blockExplorer.url.replace(/\/$/, '')}/address/${address}`
}

export type NetworkState = {
  /** The network the modal treats as current: the wallet's when supported, else the last supported one. */
  selectedNetworkId: CaipNetworkId
  /** The network the wallet is actually on, supported or not. */
  walletNetworkId?: CaipNetworkId
  activeChain: ChainNamespace
  /** The wallet is on a network the site does not list. */
  unsupported: boolean
}

/** The chain family of a CAIP-2 network id. */
export function namespaceOf(networkId: CaipNetworkId): ChainNamespace {
  return networkId.startsWith('solana:') ? 'solana' : 'eip155'
}
