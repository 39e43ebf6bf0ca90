import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { registerBalanceRoutes } from '../balance/balanceRoutes.ts'
import { SolanaChains } from '../balance/solanaBalances.ts'
import { ChainClients } from '../chains/chainClients.ts'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import { registerHistoryRoutes } from '../history/historyRoutes.ts'
import { SpamList } from '../history/spamList.ts'
import type { AppEnv } from '../http/context.ts'
import { registerIdentityRoutes } from '../identity/identityRoutes.ts'
import { withSolanaHistoryTables } from '../indexer/solana/solanaTables.ts'
import { withHistoryTables } from '../indexer/tables.ts'
import { registerNameRoutes } from '../names/nameRoutes.ts'
import { NameStore } from '../names/nameStore.ts'
import { withNameTables } from '../names/nameTables.ts'
import { registerOnrampRoutes } from '../onramp/onrampRoutes.ts'
import { OnrampStore } from '../onramp/onrampStore.ts'
import { withOnrampTables } from '../onramp/onrampTables.ts'
import { PriceOracle } from '../prices/priceOracle.ts'
import { registerPriceRoutes } from '../prices/priceRoutes.ts'

/**
 * The account data API: balances, prices, identity, account names (names/), the on-ramp (onramp/) and history (the indexer that fills
 * history runs beside the app, see indexer/indexerService.ts). One price cache and one RPC client per chain serve
 * every route; identity answers from the names table.
 */
export function registerAccountDataRoutes(
  app: FoyerApp,
  { config, db, project }: { config: ServerConfig; db: FoyerDatabase; project: MiddlewareHandler<AppEnv> },
) {
  const clients = new ChainClients({ timeoutMs: config.rpcTimeoutMs })
  const prices = new PriceOracle(clients)
  const historyDb = withHistoryTables(db.kysely)
  const solana = new SolanaChains(config.solana, config.rpcTimeoutMs, config.solanaClusters)
  registerBalanceRoutes(app, {
    chains: config.chains,
    project,
    clients,
    prices,
    publicUrl: config.embedded.publicUrl,
    solana,
    rpcTimeoutMs: config.rpcTimeoutMs,
  })
  registerPriceRoutes(app, { chains: config.chains, project, prices, publicUrl: config.embedded.publicUrl })
  const names = new NameStore(withNameTables(db.kysely))
  registerIdentityRoutes(app, { project, lookup: (address) => names.identity(address) })
  registerNameRoutes(app, { config, project, store: names, clients })
  const onramp = new OnrampStore(withOnrampTables(db.kysely))
  registerOnrampRoutes(app, { config, project, store: onramp, prices })
  registerHistoryRoutes(app, {
    chains: config.chains,
    project,
    db: historyDb,
    spam: new SpamList(historyDb),
    prices,
    onramp,
    publicUrl: config.embedded.publicUrl,
    solana,
    solanaDb: withSolanaHistoryTables(db.kysely),
    rpcTimeoutMs: config.rpcTimeoutMs,
  })
}
