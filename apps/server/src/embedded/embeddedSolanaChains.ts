import type { EmbeddedSolanaChain } from '@foyer/core/protocol'
import { SolanaChains } from '../balance/solanaBalances.ts'
import type { DevnetSolana } from '../chains/devnetFile.ts'
import type { Logger } from '../log.ts'

/**
 * The Solana chains as the frame sees them (`GET /v1/embedded/config`): the devnet file's `solana` block only, with
 * its CAIP-2 id, RPC URL and known mints. The public clusters' URLs (FOYER_SOLANA_*_RPC_URL) are secrets that often
 * carry an API key, so they are never handed to a browser: the frame knows those clusters by name and cannot send
 * on them. The chain list is resolved once per block (the block's genesis hash, or the node's `getGenesisHash`); a
 * node that cannot be reached leaves Solana out of this answer (logged) rather than failing the frame's whole
 * configuration, and is asked again next time.
 */
export function embeddedSolanaChains(config: { solana?: DevnetSolana; rpcTimeoutMs: number }, logger: Logger) {
  let resolved: { block: DevnetSolana; chains: SolanaChains } | undefined
  return async (): Promise<EmbeddedSolanaChain[] | undefined> => {
    const block = config.solana
    if (!block) return undefined
    if (resolved?.block !== block) resolved = { block, chains: new SolanaChains(block, config.rpcTimeoutMs) }
    try {
      return (await resolved.chains.list()).map(({ chainId, name, rpcUrl, mints }) => ({
        id: chainId,
        name,
        rpcUrl,
        mints: mints.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
      }))
    } catch (error) {
      logger.warn('embedded config: the Solana chain did not answer; left out', { rpcUrl: block.rpcUrl, error })
      return undefined
    }
  }
}
