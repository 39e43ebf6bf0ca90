/**
 * The chains this server serves, for the console (contract.ts), path relative to `/console/api`:
 *
 *   GET /chains → ConsoleChains
 *
 * Mounted by registerConsoleRoutes (consoleRouters.ts) behind the operator's session. The console's sponsorship form
 * offers these chains, and says which have no paymaster or whether the server has no signer: a policy may name any
 * chain, but only these, with a paymaster and the signer, are sponsored (`sponsoredChains`).
 */
import { Hono } from 'hono'
import type { ServerConfig } from '../../config.ts'
import type { ConsoleEnv, ConsoleRouter } from '../consoleContext.ts'
import type { ConsoleChains } from '../contract.ts'

/** What `GET /console/api/chains` answers: the configured chains in their order, each with its paymaster or null. */
export function consoleChains(config: Pick<ServerConfig, 'chains' | 'sponsorship'>): ConsoleChains {
  return {
    chains: config.chains.map((chain) => ({
      id: chain.id,
      name: chain.name,
      paymaster: config.sponsorship.paymasters.get(chain.id) ?? null,
    })),
    paymasterSigner: config.sponsorship.signerKey !== undefined,
  }
}

export function createConsoleChainsRoutes(config: Pick<ServerConfig, 'chains' | 'sponsorship'>): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>()
  app.get('/chains', (c) => c.json(consoleChains(config)))
  return app
}

/** The chains route as one of the console's routers (`consoleRouters.ts`). */
export const consoleChainsRouter: ConsoleRouter = (deps) => createConsoleChainsRoutes(deps.config)
