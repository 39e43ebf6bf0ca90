import { defineChain } from 'viem'
import { createConfig, http } from 'wagmi'

/** The local anvil chains, as a site would define any chain for wagmi. */
export const localChains = __FOYER_LOCAL_CHAINS__.map(({ id, name, rpcUrl }) =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  }),
) as [ReturnType<typeof defineChain>, ...ReturnType<typeof defineChain>[]]

/** EIP-6963 discovery stays on (wagmi's default): Foyer's EVM adapter lists what it finds. */
export const wagmiConfig = createConfig({
  chains: localChains,
  transports: Object.fromEntries(localChains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
  multiInjectedProviderDiscovery: true,
})
