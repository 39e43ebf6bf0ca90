/** How the server runs its indexer (environment: see docs/configuration.md, "Indexer"). */
export interface IndexerSettings {
  /** FOYER_INDEXER: follow the configured chains (default true). */
  enabled: boolean
  /** FOYER_INDEXER_POLL_MS: pause once caught up (default 500). */
  pollMs: number
  /** FOYER_INDEXER_BATCH: blocks per step (default 100). */
  batchSize: number
  /** FOYER_SPAM_NFTS: extra spam NFT collections, `eip155:<chainId>:0x…`, comma-separated. */
  spamNfts: { chainId: number; address: `0x${string}` }[]
}
