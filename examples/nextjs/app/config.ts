import { defineChain } from 'viem'
import { cookieStorage, createConfig, createStorage, http } from 'wagmi'

/**
 * Where the site finds Foyer's services. The defaults are the local stack that `npm start` runs in the Foyer
 * repository; a real site sets NEXT_PUBLIC_FOYER_API_URL and the others.
 */
export const env = {
  apiUrl: process.env.NEXT_PUBLIC_FOYER_API_URL ?? 'http://127.0.0.1:8787',
  frameUrl: process.env.NEXT_PUBLIC_FOYER_FRAME_URL ?? 'http://127.0.0.1:5174/',
  relayUrl: process.env.NEXT_PUBLIC_FOYER_RELAY_URL ?? 'ws://127.0.0.1:8790',
  projectId: process.env.NEXT_PUBLIC_FOYER_PROJECT_ID ?? 'foyer-examples',
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL ?? 'http://127.0.0.1:5181',
}

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

/** A wagmi config for one request on the server, or for the page in the browser (wagmi's SSR setup). */
export function makeWagmiConfig() {
  return createConfig({
    chains: [chain1, chain2],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: { [chain1.id]: http(), [chain2.id]: http() },
  })
}
