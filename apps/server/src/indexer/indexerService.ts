import type { Kysely } from 'kysely'
import { SOLANA_CLUSTERS } from '../balance/solanaBalances.ts'
import type { DevnetSolana } from '../chains/devnetFile.ts'
import type { ChainConfig } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { type Logger, silentLogger } from '../log.ts'
import { ChainIndexer } from './chainIndexer.ts'
import type { IndexerSettings } from './indexerSettings.ts'
import { SolanaIndexer } from './solana/solanaIndexer.ts'
import { withSolanaHistoryTables } from './solana/solanaTables.ts'
import { withHistoryTables } from './tables.ts'

export interface RunningIndexers {
  indexers: ChainIndexer[]
  /** The Solana indexer, following the devnet file's Solana chain (absent without one, or for a public cluster). */
  solana?: SolanaIndexer
  stop(): Promise<void>
}

/**
 * Whether the server indexes this Solana chain: the devnet file's local chain, never a public cluster (whose history
 * is read through its RPC instead). A block without a genesis hash is asked of the node later, and taken for local.
 */
export function indexesSolana(solana: DevnetSolana | undefined): solana is DevnetSolana {
  return solana !== undefined && !SOLANA_CLUSTERS.some((c) => c.genesisHash === solana.genesisHash)
}

/** One ChainIndexer per configured chain, and a SolanaIndexer for the local Solana chain, following until `stop()`. */
export function startIndexers({
  chains,
  solana,
  db,
  settings,
  logger = silentLogger,
}: {
  chains: readonly ChainConfig[]
  solana?: DevnetSolana
  db: Kysely<Database>
  settings: Pick<IndexerSettings, 'pollMs' | 'batchSize'>
  logger?: Logger
}): RunningIndexers {
  const indexers = chains.map(
    (chain) =>
      new ChainIndexer({
        chain,
        db: withHistoryTables(db),
        logger,
        pollMs: settings.pollMs,
        batchSize: settings.batchSize,
      }),
  )
  for (const indexer of indexers) indexer.start()
  if (indexers.length) logger.info('indexer following', { chains: chains.map((c) => c.id) })
  const solanaIndexer = indexesSolana(solana)
    ? new SolanaIndexer({
        chain: solana,
        db: withSolanaHistoryTables(db),
        logger,
        pollMs: settings.pollMs,
        batchSize: settings.batchSize,
      })
    : undefined
  if (solanaIndexer) {
    solanaIndexer.start()
    logger.info('Solana indexer following', { rpcUrl: solana!.rpcUrl })
  }
  return {
    indexers,
    ...(solanaIndexer ? { solana: solanaIndexer } : {}),
    stop: async () => void (await Promise.all([...indexers.map((i) => i.stop()), solanaIndexer?.stop()])),
  }
}
