import { describe, expect, it } from 'vitest'
import {
  addressExplorerUrl,
  fromViemChain,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './networks.ts'

describe('CAIP ids', () => {
  it('round-trips network ids and addresses', () => {
    const id = toCaipNetworkId('eip155', 31337)
    expect(id).toBe('eip155:31337')
    expect(parseCaipNetworkId(id)).toEqual({ namespace: 'eip155', chainId: '31337' })
    const caip = toCaipAddress(id, '0xabc')
    expect(parseCaipAddress(caip)).toEqual({ networkId: 'eip155:31337', address: '0xabc' })
  })
  it('refuses malformed ids', () => {
    expect(() => parseCaipNetworkId('cosmos:1')).toThrow()
    expect(() => parseCaipNetworkId('eip155')).toThrow()
    expect(() => parseCaipNetworkId('eip155:1:2')).toThrow()
  })
  it('converts viem chains and builds explorer links', () => {
    const network = fromViemChain({
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc'] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } },
    })
    expect(network.id).toBe('eip155:1')
    expect(addressExplorerUrl(network, '0x1')).toBe('https://etherscan.io/address/0x1')
    expect(addressExplorerUrl({ ...network, blockExplorer: undefined }, '0x1')).toBeUndefined()
  })
})
