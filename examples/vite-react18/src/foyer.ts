import { evmAdapter } from '@foyer/evm'
import { createFoyer } from '@foyer/react'
import { env } from './env.ts'
import { chain1, chain2, wagmiConfig } from './wagmi.ts'

// Foyer, next to the wagmi config it uses.
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
  ],
  networks: [chain1, chain2],
  apiUrl: env.apiUrl,
  frameUrl: env.frameUrl,
  projectId: env.projectId,
  metadata: { name: 'Example', description: 'A wagmi site with Foyer', url: location.origin },
})
