// Bundled into the config by Vite (a workspace package import would reach Node as .ts).

import { defaultClientConditions, defineConfig } from 'vite'
import { localChainsForSites } from '../devnet/src/devnet-file.ts'

export default defineConfig({
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] }, // Foyer's packages from source
  define: {
    __FOYER_LOCAL_CHAINS__: JSON.stringify(localChainsForSites()),
    __FOYER_WC_RELAY_URL__: JSON.stringify(process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'),
    __FOYER_FARCASTER_RELAY_URL__: JSON.stringify(process.env.FOYER_FARCASTER_RELAY_URL ?? 'http://127.0.0.1:8796'),
  },
  build: { target: 'es2022' },
  server: { host: '127.0.0.1', port: 5175, strictPort: true },
  preview: { host: '127.0.0.1', port: 5175, strictPort: true },
})
