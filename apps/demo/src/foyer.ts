import { evmAdapter } from '@foyer/evm'
import { createFoyer } from '@foyer/react'
import { localChains, wagmiConfig } from './wagmi.ts'

const search = new URLSearchParams(location.search)
const locale = search.get('locale') === 'es' ? 'es' : 'en'
/** `?siwe=1`: sign-in with Ethereum through the Foyer server after connecting (every other journey runs without it). */
export const siweDemo = search.get('siwe') === '1'
/** `?solana=1`: the local Solana chain beside the EVM ones, and Solana wallets (every other journey runs without it). */
export const solanaDemo = search.get('solana') === '1'
/** The Solana part of the demo (its chain and adapter), a chunk of its own. */
export type DemoSolana = typeof import('./solana.ts')
/** `?project=<id>`: another of the server's projects than the demo's own (e2e opens one with features off). */
const projectId = search.get('project') || 'foyer-demo'

/**
 * The page's one Foyer client, created once as a site developer would, with the Solana part when `?solana=1` loaded
 * it (main.tsx waits for that chunk before it renders, rather than a top-level await, which would split the
 * modules the entry shares with the chunk into chunks of their own and cost every page of the demo).
 */
export const createDemoFoyer = (solana: DemoSolana | undefined) =>
  createFoyer({
    adapters: [
      evmAdapter({
        wagmiConfig,
        // The local relay from the devnet (any project id works there); the SDK loads only when WalletConnect is picked.
        walletConnect: {
          projectId: 'foyer-demo',
          relayUrl: __FOYER_WC_RELAY_URL__,
          metadata: { name: 'Foyer demo', url: location.origin },
        },
      }),
      ...(solana ? [solana.adapter] : []),
    ],
    networks: solana ? [...localChains, solana.solanaNetwork] : localChains,
    apiUrl: __FOYER_API_URL__,
    // The secure frame (its own origin) for email login; the devnet serves it on 5174.
    frameUrl: __FOYER_FRAME_URL__,
    projectId,
    // Every sign-in provider: the project's settings on the server decide which the modal offers.
    features: { socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
    metadata: { name: 'Foyer demo', description: 'A site that uses Foyer', url: location.origin },
    themeMode: 'system',
    locale,
    ...(siweDemo ? { siwe: true as const } : {}),
  })
