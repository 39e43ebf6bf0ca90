import type { CaipNetwork } from '@foyer/core'

/** Solana's native currency: SOL, 9 decimals (1 SOL = 10⁹ lamports). */
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** A Solana cluster's CAIP-2 reference: the first 32 characters of its genesis hash. */
export function solanaChainReference(genesisHash: string): string {
  return genesisHash.slice(0, 32)
}

function solanaNetwork(parameters: {
  genesisHash: string
  name: string
  rpcUrl: string
  explorerCluster?: string
  testnet: boolean
}): CaipNetwork {
  const reference = solanaChainReference(parameters.genesisHash)
  return {
    id: `solana:${reference}`,
    chainNamespace: 'solana',
    chainId: reference,
    name: parameters.name,
    nativeCurrency: { ...SOL },
    rpcUrl: parameters.rpcUrl,
    ...(parameters.explorerCluster !== undefined && {
      blockExplorer: {
        name: 'Solana Explorer',
        url: `https://explorer.solana.com${parameters.explorerCluster ? `?cluster=${parameters.explorerCluster}` : ''}`,
      },
    }),
    testnet: parameters.testnet,
  }
}

/** Solana mainnet-beta (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), over the public RPC unless the site gives its own. */
export const solanaMainnet: CaipNetwork = solanaNetwork({
  genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  name: 'Solana',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  explorerCluster: '',
  testnet: false,
})

/** Solana devnet (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`). */
export const solanaDevnet: CaipNetwork = solanaNetwork({
  genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  name: 'Solana Devnet',
  rpcUrl: 'https://api.devnet.solana.com',
  explorerCluster: 'devnet',
  testnet: true,
})

/** Solana testnet (`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`). */
export const solanaTestnet: CaipNetwork = solanaNetwork({
  genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  name: 'Solana Testnet',
  rpcUrl: 'https://api.testnet.solana.com',
  explorerCluster: 'testnet',
  testnet: true,
})

export type SolanaLocalnetParameters = {
  /** The local cluster's JSON-RPC URL, e.g. `http://127.0.0.1:8899`. */
  rpcUrl: string
  /** What the cluster's `getGenesisHash` answers; its first 32 characters become the CAIP-2 reference. */
  genesisHash: string
  /** Default `Solana Local`. */
  name?: string
}

/**
 * A local Solana cluster (a test validator, or Foyer's devnet stand-in) as a network. Each local cluster has its
 * own genesis hash, so the site says which.
 *
 * @example
 * solanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899', genesisHash: 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8sREquhEMvdexS' })
 */
export function solanaLocalnet(parameters: SolanaLocalnetParameters): CaipNetwork {
  if (!parameters.genesisHash) throw new TypeError('solanaLocalnet: genesisHash is required')
  return solanaNetwork({
    genesisHash: parameters.genesisHash,
    name: parameters.name ?? 'Solana Local',
    rpcUrl: parameters.rpcUrl,
    testnet: true,
  })
}

/** The Wallet Standard chain a wallet knows the network by (`solana:mainnet`, …); other clusters are `solana:localnet`. */
export function walletStandardChain(network: CaipNetwork): `solana:${string}` {
  switch (network.id) {
    case solanaMainnet.id:
      return 'solana:mainnet'
    case solanaDevnet.id:
      return 'solana:devnet'
    case solanaTestnet.id:
      return 'solana:testnet'
    default:
      return 'solana:localnet'
  }
}
