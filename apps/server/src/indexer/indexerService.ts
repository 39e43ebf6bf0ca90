import type { ChainConfig } from '../config.ts'
import { type Logger, silentLogger } from '../log.ts'
import { ChainIndexer } from './chainIndexer.ts'
import type { IndexerSettings } from './indexerSettings.ts'
import type { AccountHistoryDb } from './tables.ts'

export interface RunningIndexers {
  indexers: ChainIndexer[]
  stop(): Promise<void>
}

/** One ChainIndexer per configured chain, following in the background until `stop()`. */
export function startIndexers({
  chains,
  db,
  settings,
  logger = silentLogger,
}: {
  chains: readonly ChainConfig[]
  db: AccountHistoryDb
  settings: Pick<IndexerSettings, 'pollMs' | 'batchSize'>
  logger?: Logger
}): RunningIndexers {
  const indexers = chains.map(
    (chain) => new ChainIndexer({ chain, db, logger, pollMs: settings.pollMs, batchSize: settings.batchSize }),
  )
  for (const indexer of indexers) indexer.start()
  if (indexers.length) logger.info('indexer following', { chains: chains.map((c) => c.id) })
  return { indexers, stop: async () => void (await Promise.all(indexers.map((i) => i.stop()))) }
}
