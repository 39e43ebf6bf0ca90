import { describe, expect, it } from 'vitest'
import { proposalNamespaces, WALLETCONNECT_METHODS, WALLETCONNECT_SOLANA_METHODS } from './walletConnectMethods.ts'

const LOCAL_SOLANA = 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s' as const

describe('the WalletConnect proposal', () => {
  it('asks for EVM only when the site has no Solana network', () => {
    const namespaces = proposalNamespaces({ evmChainIds: [1, 31337], rpcMap: { 1: 'https://rpc.invalid' } })
    expect(Object.keys(namespaces)).toEqual(['eip155'])
    expect(namespaces.eip155).toEqual({
      chains: ['eip155:1', 'eip155:31337'],
      methods: [...WALLETCONNECT_METHODS],
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: { 1: 'https://rpc.invalid' },
    })
    expect(proposalNamespaces({ evmChainIds: [1], rpcMap: {}, solanaNetworks: [] })).not.toHaveProperty('solana')
  })

  it("adds the solana namespace with the site's Solana networks, their RPCs, the three signing methods and no events", () => {
    const namespaces = proposalNamespaces({
      evmChainIds: [31337],
      rpcMap: {},
      solanaNetworks: [
        { id: LOCAL_SOLANA, rpcUrl: 'http://127.0.0.1:8899' },
        { id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', rpcUrl: 'https://devnet.invalid' },
      ],
    })
    expect(namespaces.eip155.chains).toEqual(['eip155:31337'])
    expect(namespaces.solana).toEqual({
      chains: [LOCAL_SOLANA, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
      rpcMap: {
        [LOCAL_SOLANA]: 'http://127.0.0.1:8899',
        'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'https://devnet.invalid',
      },
    })
    expect(namespaces.solana?.methods).toEqual([...WALLETCONNECT_SOLANA_METHODS])
  })
})
