/**
 * The server's own console routes for the forms' tests: the project routes on a real PGlite database and the chains
 * route on a real server config, mounted as registerConsoleRoutes mounts them but without the sign-in guard (its own
 * tests are the server's), and the console's real API client calling them in-process. What the forms send is what
 * the server checks and stores; what they show on a refusal is the server's own answer.
 */
import { Hono } from 'hono'
import { sql } from 'kysely'
import type { ChainConfig, ServerConfig } from '../../../server/src/config.ts'
import { createConsoleChainsRoutes } from '../../../server/src/console/chains/consoleChainsRoutes.ts'
import type { ConsoleEnv } from '../../../server/src/console/consoleContext.ts'
import { createConsoleProjectRoutes } from '../../../server/src/console/projects/consoleProjectRoutes.ts'
import { ProjectStore } from '../../../server/src/projects/store.ts'
import { sponsorshipConfig } from '../../../server/src/sponsorship/sponsorshipConfig.ts'
import { openTestPGlite, type TestDatabase } from '../../../server/src/test/backends.ts'
import { type ConsoleApi, createConsoleApi } from '../api/consoleApi.ts'

export interface ConsoleServer {
  api: ConsoleApi
  projects: ProjectStore
  /** Every request the client made, as `METHOD path`. */
  requests: string[]
  /** A project's stored row, read from the database (not the store's cache). */
  stored(id: string): Promise<Record<string, unknown> | undefined>
  close(): Promise<void>
}

const chain = (id: number, name: string): ChainConfig => ({
  id,
  name,
  // Never called: the routes here read the chains' ids and names only.
  rpcUrl: 'http://127.0.0.1:9/',
  nativeSymbol: 'ETH',
  contracts: {},
  tokens: [],
  nfts: [],
})

/**
 * A server serving chains 31337 ("Foyer Local", with a paymaster) and 31338 ("Foyer Local 2", without one), with the
 * paymasters' signer unless `signer` is false.
 */
export type ConsoleServerConfig = Pick<ServerConfig, 'chains' | 'sponsorship'>

export function consoleServerConfig({ signer = true }: { signer?: boolean } = {}): ConsoleServerConfig {
  const chains = [chain(31337, 'Foyer Local'), chain(31338, 'Foyer Local 2')]
  return {
    chains,
    sponsorship: sponsorshipConfig(
      {
        FOYER_PAYMASTERS: { 31337: '0x00000000000000000000000000000000000A11CE' },
        // A key for these tests only: the chains route says whether one is set; nothing here signs.
        ...(signer ? { FOYER_PAYMASTER_SIGNER_KEY: `0x${'5a'.repeat(32)}` as const } : {}),
      },
      chains,
    ),
  }
}

export async function startConsoleServer(config: ConsoleServerConfig = consoleServerConfig()): Promise<ConsoleServer> {
  const t: TestDatabase = await openTestPGlite()
  const projects = new ProjectStore(t.database.kysely)
  const app = new Hono<ConsoleEnv>()
  app.route('/', createConsoleProjectRoutes({ projects }))
  app.route('/', createConsoleChainsRoutes(config))
  const requests: string[] = []
  const api = createConsoleApi({
    baseUrl: '',
    fetch: (async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`)
      return app.request(url, init)
    }) as typeof fetch,
  })
  return {
    api,
    projects,
    requests,
    async stored(id) {
      const { rows } = await sql<Record<string, unknown>>`select * from projects where id = ${id}`.execute(
        t.database.kysely,
      )
      return rows[0]
    },
    close: () => t.cleanup(),
  }
}
