// Test-only (not shipped: package.json leaves src/test out): the real Foyer server on a real chain, for the swap
// actions. The chain of testChain.ts, and the server's app (PGlite database, the devnet's chain config) listening on a
// loopback port, reached over HTTP as a site reaches it.
import type { RunningDevnet } from '@foyer/devnet'
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
 * The project the harness seeds whose visitors' gas the server sponsors on the test chain (`GET /v1/project` names
 * the chain: the devnet's paymaster is there and the server has a signer key). Its policy names the devnet's
 * contracts.
 */
export const SPONSORING_PROJECT = 'sponsoring'
/** A project sponsoring the test chain whose policy names the tokens only (fUSD and FOY), not the swap router. */
export const SPONSORING_TOKENS_PROJECT = 'sponsoring-tokens'

/**
 * Starts anvil on `port` (one port per test file: vitest runs files in parallel; 0 for a free one), the devnet
 * contracts and the server.
 */
export async function startSwapTestServer({ port }: { port: number }) {
  const [{ devnet }, t] = await Promise.all([startTestChain({ port }), openTestPGlite()])
  const server = await listenTestServer(t.database, testServerConfig(devnet))
  const stop = async () => {
    await server.close()
    await Promise.all([devnet.stop(), t.cleanup()])
  }
  return { apiUrl: server.apiUrl, ...chainTools(devnet), stop }
}

/** The server alone, over a devnet a test already runs (its own PGlite); `stop` leaves the chain running. */
export async function startTestServerOn(devnet: RunningDevnet) {
  const t = await openTestPGlite()
  const server = await listenTestServer(t.database, testServerConfig(devnet))
  const stop = async () => {
    await server.close()
    await t.cleanup()
  }
  return { apiUrl: server.apiUrl, stop }
}

/** The server's config for the devnet's chain, with the harness's projects (swaps off; gas sponsored). */
function testServerConfig(devnet: RunningDevnet) {
  const [chain] = devnet.info.chains
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      // Signs nothing in these tests: the key and the devnet's paymaster make the sponsoring project's chain sponsored.
      FOYER_PAYMASTER_SIGNER_KEY: `0x${'11'.repeat(32)}`,
      FOYER_PAYMASTERS: JSON.stringify({ [chain!.id]: chain!.accountAbstraction?.paymaster }),
      FOYER_PROJECTS: JSON.stringify([
        { id: NO_SWAPS_PROJECT, allowedOrigins: ['https://no-swaps.example'], features: { swaps: false } },
        {
          id: SPONSORING_PROJECT,
          allowedOrigins: ['https://sponsoring.example'],
          sponsorship: {
            chains: [chain!.id],
            contracts: Object.values(chain!.contracts),
            maxOperationsPerAccountPerDay: 20,
            maxGasWeiPerAccountPerDay: '50000000000000000',
          },
        },
        {
          id: SPONSORING_TOKENS_PROJECT,
          allowedOrigins: ['https://sponsoring.example'],
          sponsorship: {
            chains: [chain!.id],
            contracts: [chain!.contracts.usd, chain!.contracts.token],
            maxOperationsPerAccountPerDay: 20,
            maxGasWeiPerAccountPerDay: '50000000000000000',
          },
        },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = devnet.info.chains.map((c) => ({ ...c, tokens: c.tokens.map((token) => ({ ...token })), nfts: [] }))
  return config
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
