// Bundled into the config by Vite (a workspace package import would reach Node as .ts).

import react from '@vitejs/plugin-react'
import { defaultClientConditions, type UserConfig } from 'vite'
import { localChainsForSites, localSolanaForSites } from '../devnet/src/devnet-file.ts'

/** What the demo and the benchmark's floor page share, so both are built the same way. */
export function sharedConfig(): UserConfig {
  return {
    plugins: [react()],
    // Foyer's packages from their source (package.json `@foyer/source`), not their build.
    resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
    define: {
      __FOYER_LOCAL_CHAINS__: JSON.stringify(localChainsForSites()),
      __FOYER_LOCAL_SOLANA__: JSON.stringify(localSolanaForSites()),
      __FOYER_API_URL__: JSON.stringify(process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787'),
      __FOYER_FRAME_URL__: JSON.stringify(process.env.FOYER_FRAME_URL ?? 'http://127.0.0.1:5174/'),
      __FOYER_WC_RELAY_URL__: JSON.stringify(process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'),
    },
    build: { target: 'es2022', sourcemap: false },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  }
}
