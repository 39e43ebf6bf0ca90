import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/** The local chains from the devnet file when it exists, else the default local ports; nothing from the internet. */
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

export default defineConfig({
  define: {
    __FOYER_LOCAL_CHAINS__: JSON.stringify(localChains()),
    __FOYER_WC_RELAY_URL__: JSON.stringify(process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'),
  },
  build: { target: 'es2022' },
  server: { host: '127.0.0.1', port: 5175, strictPort: true },
  preview: { host: '127.0.0.1', port: 5175, strictPort: true },
})
