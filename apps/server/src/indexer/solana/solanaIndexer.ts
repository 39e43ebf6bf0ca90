import { solanaCaipChainId } from '../../balance/solanaBalances.ts'
import { type Logger, silentLogger } from '../../log.ts'
import { JsonRpcError, jsonRpcBatchClient } from '../chain/jsonRpcBatch.ts'
import { createStepLoop, type StepLoop } from '../stepLoop.ts'
import { CursorMovedError, isUniqueViolation } from '../store/chainIndexStore.ts'
import {
  type DecodedSolanaTransaction,
  decodeSolanaTransaction,
  type RpcSolanaTransaction,
} from './decodeSolanaTransaction.ts'
import { SolanaIndexStore } from './solanaIndexStore.ts'
import type { SolanaHistoryDb } from './solanaTables.ts'

export interface SolanaIndexerOptions {
  /** The chain's JSON-RPC, and its genesis hash (asked of the node when left out). */
  chain: { rpcUrl: string; genesisHash?: string }
  db: SolanaHistoryDb
  logger?: Logger
  /** Blocks fetched and written per step (default 100). */
  batchSize?: number
  /** Wait between polls once caught up, ms (default 500). */
  pollMs?: number
  /** The commitment blocks are read at (default `finalized`: blocks that can no longer be rolled back). */
  commitment?: 'finalized' | 'confirmed'
}

export type SolanaIndexerStep =
  | { kind: 'indexed'; from: number; to: number; blocks: number }
  | { kind: 'caught-up'; head: number }
  | { kind: 'reset'; reason: string }

interface RpcBlock {
  blockhash: string
  previousBlockhash: string
  parentSlot: number
  blockTime: number | null
  transactions: RpcSolanaTransaction[]
}

/** Solana's "no block at this slot" answers: not available (yet), skipped, or missing from long-term storage. */
const NO_BLOCK_CODES = new Set([-32004, -32007, -32009])

/**
 * Follows one Solana chain block by block and writes its SOL and SPL transfers into the database — the EVM indexer's
 * design on Solana's JSON-RPC. Each step asks for the slots of the next blocks after the cursor
 * (`getBlocksWithLimit`), reads them in one JSON-RPC batch (`getBlock`, full transactions in the json encoding),
 * checks that they extend the last indexed block (parent slot and hash), and writes them together with the new
 * cursor in one transaction, compare-and-set, so a restart resumes where it stopped and two instances never write a
 * block twice. Blocks are read at `finalized` commitment, which is never rolled back, so there is no reorganisation
 * to follow; a chain that no longer has the last indexed block (a node started again with other history, as a devnet
 * restart does) is dropped and indexed again from its first block.
 */
export class SolanaIndexer {
  readonly #rpc: ReturnType<typeof jsonRpcBatchClient>
  readonly #db: SolanaHistoryDb
  readonly #logger: Logger
  readonly #pollMs: number
  readonly #batchSize: number
  readonly #commitment: 'finalized' | 'confirmed'
  readonly #genesisHash: string | undefined
  #store: SolanaIndexStore | undefined
  #loop: StepLoop<SolanaIndexerStep> | undefined
  /** The chain's CAIP-2 id, once known (after the first step when the genesis hash was not given). */
  chainId: string | undefined
  /** The node's newest slot as last seen (for logs and /metrics). */
  head: number | undefined
  /**
   * The head seen by this instance's last step that found no block after the last indexed one: every block up to it
   * is indexed, and the slots between that block and it hold none (skipped, or still in progress). Cleared by a step
   * that indexes blocks or starts the chain again.
   */
  caughtUpTo: number | undefined
  blocksIndexed = 0

  constructor(options: SolanaIndexerOptions) {
    this.#rpc = jsonRpcBatchClient(options.chain.rpcUrl)
    this.#db = options.db
    this.#logger = options.logger ?? silentLogger
    this.#pollMs = options.pollMs ?? 500
    this.#batchSize = options.batchSize ?? 100
    this.#commitment = options.commitment ?? 'finalized'
    this.#genesisHash = options.chain.genesisHash
    if (this.#genesisHash) this.chainId = solanaCaipChainId(this.#genesisHash)
  }

  async #storeFor(): Promise<SolanaIndexStore> {
    if (this.#store) return this.#store
    this.chainId ??= solanaCaipChainId(await this.#rpc.call<string>('getGenesisHash'))
    this.#store = new SolanaIndexStore(this.#db, this.chainId)
    return this.#store
  }

  /** The last indexed slot, or -1 when nothing is indexed yet. */
  async lastSlot(): Promise<number> {
    const state = await (await this.#storeFor()).state()
    return state ? Number(state.last_slot) : -1
  }

  /** One unit of work. Exposed for tests; `start()` loops over it. */
  async step(): Promise<SolanaIndexerStep> {
    const store = await this.#storeFor()
    const commitment = { commitment: this.#commitment }
    let state = await store.state()
    if (!state) {
      await store.createState()
      state = (await store.state())!
    }
    const last = Number(state.last_slot)
    const head = await this.#rpc.call<number>('getSlot', [commitment])
    this.head = head
    if (last > head) return this.#reset(store, last, `the node's newest slot ${head} is below the last indexed ${last}`)

    const slots = await this.#rpc.call<number[]>('getBlocksWithLimit', [last + 1, this.#batchSize, commitment])
    if (slots.length === 0) {
      // Nothing new: make sure the last indexed block is still the chain's.
      if (last >= 0 && (await this.#blockhashAt(last)) !== state.last_blockhash)
        return this.#reset(store, last, `the chain no longer has block ${last} as indexed`)
      this.caughtUpTo = head
      return { kind: 'caught-up', head }
    }

    const blocks = await this.#rpc.batch<RpcBlock | null>(
      slots.map((slot) => ({
        method: 'getBlock',
        params: [
          slot,
          {
            ...commitment,
            encoding: 'json',
            transactionDetails: 'full',
            maxSupportedTransactionVersion: 0,
            rewards: false,
          },
        ],
      })),
    )
    const decoded: DecodedSolanaTransaction[] = []
    let tip = { slot: last, blockhash: state.last_blockhash }
    for (const [i, block] of blocks.entries()) {
      if (!block) break
      if (tip.blockhash !== null && (block.parentSlot !== tip.slot || block.previousBlockhash !== tip.blockhash)) {
        if (i === 0) return this.#reset(store, last, `block ${slots[0]} does not follow the last indexed block ${last}`)
        break // the next step sees it at the cursor
      }
      const slot = slots[i]!
      // A node may not know a block's time (null); the time it is read is the nearest there is.
      const time = new Date(block.blockTime === null ? Date.now() : block.blockTime * 1000)
      block.transactions.forEach((tx, index) => {
        const rows = decodeSolanaTransaction(this.chainId!, slot, index, time, tx)
        if (rows) decoded.push(rows)
      })
      tip = { slot, blockhash: block.blockhash }
    }
    if (tip.slot === last) return { kind: 'caught-up', head }
    try {
      await store.writeBlocks(last, { slot: tip.slot, blockhash: tip.blockhash! }, decoded)
    } catch (e) {
      if (e instanceof CursorMovedError || isUniqueViolation(e)) return { kind: 'caught-up', head }
      throw e
    }
    const written = slots.filter((s) => s <= tip.slot).length
    this.blocksIndexed += written
    this.caughtUpTo = undefined
    return { kind: 'indexed', from: slots[0]!, to: tip.slot, blocks: written }
  }

  /** Steps until the indexer has every block the node has (tests, a one-off backfill). */
  async syncToHead(): Promise<void> {
    for (;;) if ((await this.step()).kind === 'caught-up') return
  }

  /** Starts following the chain in the background; errors are logged and retried with a growing pause. */
  start(): void {
    this.#loop ??= createStepLoop({
      pollMs: this.#pollMs,
      step: () => this.step(),
      onResult: (result, failuresBefore) => {
        if (result.kind === 'indexed' && failuresBefore > 0)
          this.#logger.info('Solana indexer recovered', { chain: this.chainId })
        if (result.kind === 'reset')
          this.#logger.warn('Solana indexer starts the chain again', { chain: this.chainId, reason: result.reason })
      },
      onError: (error, retryInMs) => {
        this.#logger.warn('Solana indexer step failed; retrying', {
          chain: this.chainId,
          error,
          retryInMs,
        })
      },
    })
    this.#loop.start()
  }

  /** Stops after the current step (a write in progress completes or rolls back as a whole). */
  async stop(): Promise<void> {
    await this.#loop?.stop()
  }

  /** The hash of the block at `slot`, or undefined when the node has none there. */
  async #blockhashAt(slot: number): Promise<string | undefined> {
    try {
      const block = await this.#rpc.call<{ blockhash: string } | null>('getBlock', [
        slot,
        { commitment: this.#commitment, transactionDetails: 'none', rewards: false },
      ])
      return block?.blockhash
    } catch (e) {
      if (e instanceof JsonRpcError && e.code !== undefined && NO_BLOCK_CODES.has(e.code)) return undefined
      throw e
    }
  }

  async #reset(store: SolanaIndexStore, last: number, reason: string): Promise<SolanaIndexerStep> {
    this.caughtUpTo = undefined
    try {
      await store.reset(last)
    } catch (e) {
      if (e instanceof CursorMovedError) return { kind: 'caught-up', head: this.head ?? last }
      throw e
    }
    this.#logger.warn('Solana indexer drops the chain and starts again from its first block', {
      chain: this.chainId,
      reason,
    })
    return { kind: 'reset', reason }
  }
}
