// Test-only (not shipped: package.json leaves src/test out): the real Foyer server on a real chain, for the swap
// actions. The chain of testChain.ts, and the server's app (PGlite database, the devnet's chain config) listening on a
// loopback port, reached over HTTP as a site reaches it.
import { loadConfig } from '@foyer/server'
import { afterAll, beforeAll } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite } from '../../../../apps/server/src/test/backends.ts'
import { createApiClient } from '../api/apiClient.ts'
import { listenTestServer } from './listenTestServer.ts'
import { chainTools, startTestChain } from './testChain.ts'

/** Hook timeout for `beforeAll(startSwapTestServer…)`: anvil, the deployment and PGlite's migrations. */
export const SWAP_TEST_TIMEOUT_MS = BACKEND_TIMEOUT_MS

/** The project the harness seeds with swaps off (the server answers it 403 `feature_disabled`). */
export const NO_SWAPS_PROJECT = 'no-swaps'

export type SwapTestServer = Awaited<ReturnType<typeof startSwapTestServer>>

/**
 * Starts anvil on `port` (one port per test file: vitest runs files in parallel; 0 for a free one), the devnet
 * contracts and the server.
 */
export async function startSwapTestServer({ port }: { port: number }) {
  const [{ devnet }, t] = await Promise.all([startTestChain({ port }), openTestPGlite()])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: NO_SWAPS_PROJECT, allowedOrigins: ['https://no-swaps.example'], features: { swaps: false } },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = devnet.info.chains.map((c) => ({ ...c, tokens: c.tokens.map((token) => ({ ...token })), nfts: [] }))
  const server = await listenTestServer(t.database, config)
  const stop = async () => {
    await server.close()
    await Promise.all([devnet.stop(), t.cleanup()])
  }
  return { apiUrl: server.apiUrl, ...chainTools(devnet), stop }
}

/**
 * The server for one test file: started before its tests (on the file's own anvil `port`) and stopped after them.
 * `server` reads through to the started server; `client(projectId)` is a site's client of it.
 */
export function swapTestServerForFile(port: number) {
  let started: SwapTestServer | undefined
  beforeAll(async () => {
    started = await startSwapTestServer({ port })
  }, SWAP_TEST_TIMEOUT_MS)
  afterAll(() => started?.stop())
  const server = new Proxy({} as SwapTestServer, {
    get(_, key) {
      if (!started) throw new Error('The swap test server is not started yet')
      return Reflect.get(started, key)
    },
  })
  const client = (projectId = 'foyer-demo') => ({ api: createApiClient({ apiUrl: server.apiUrl, projectId }) })
  return { server, client }
}
