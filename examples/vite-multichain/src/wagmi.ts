import { defineChain } from 'viem'
import { createConfig, http } from 'wagmi'

// The site's chains, as for any wagmi site. These are the two local anvil chains of the Foyer repository.
export const chain1 = defineChain({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})
export const chain2 = defineChain({
  id: 31338,
  name: 'Foyer Local 2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  testnet: true,
})

export const wagmiConfig = createConfig({
  chains: [chain1, chain2],
  transports: { [chain1.id]: http(), [chain2.id]: http() },
})
