import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'

/**
 * The local chains from the devnet's generated file when it exists (FOYER_DEVNET_FILE, default
 * .foyer/devnet.json), else the default local ports. Nothing here reaches the internet.
 */
function localChains() {
  const file = process.env.FOYER_DEVNET_FILE ?? resolve(import.meta.dirname, '../../.foyer/devnet.json')
  if (existsSync(file)) {
    const devnet = JSON.parse(readFileSync(file, 'utf8')) as { chains: { id: number; name: string; rpcUrl: string }[] }
    return devnet.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))
  }
  return [
    { id: 31337, name: 'Foyer Local', rpcUrl: 'http://127.0.0.1:8545' },
    { id: 31338, name: 'Foyer Local 2', rpcUrl: 'http://127.0.0.1:8546' },
  ]
}

/** What the demo and the benchmark's floor page share, so both are built the same way. */
export function sharedConfig(): UserConfig {
  return {
    plugins: [react()],
    define: {
      __FOYER_LOCAL_CHAINS__: JSON.stringify(localChains()),
      __FOYER_API_URL__: JSON.stringify(process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787'),
      __FOYER_FRAME_URL__: JSON.stringify(process.env.FOYER_FRAME_URL ?? 'http://127.0.0.1:5174/'),
      __FOYER_WC_RELAY_URL__: JSON.stringify(process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'),
    },
    build: { target: 'es2022', sourcemap: false },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  }
}
