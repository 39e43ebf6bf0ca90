import { evmAdapter } from '@foyer/evm'
import { createFoyer } from '@foyer/react'
import { solanaAdapter } from '@foyer/solana'
import { env } from './env.ts'
import { solanaLocal } from './solana.ts'
import { chain1, chain2, wagmiConfig } from './wagmi.ts'

// Foyer with both families: one adapter each, and the networks of both. The first network is the default one.
export const foyer = createFoyer({
  adapters: [
    evmAdapter({
      wagmiConfig,
      walletConnect: {
        projectId: env.projectId,
        relayUrl: env.relayUrl,
        metadata: { name: 'Example', url: location.origin },
      },
    }),
    solanaAdapter(),
  ],
  networks: [chain1, chain2, solanaLocal],
  apiUrl: env.apiUrl,
  frameUrl: env.frameUrl,
  projectId: env.projectId,
  metadata: { name: 'Example', description: 'A site with EVM and Solana wallets', url: location.origin },
})
