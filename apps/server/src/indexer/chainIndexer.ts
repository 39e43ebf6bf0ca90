import type { ChainConfig } from '../config.ts'
import { type Logger, silentLogger } from '../log.ts'
import { BlockReader } from './chain/blockReader.ts'
import { type DecodedBlock, decodeBlock, type RpcBlock, type RpcReceipt } from './chain/decodeBlock.ts'
import { createStepLoop, type StepLoop } from './stepLoop.ts'
import { ChainIndexStore, CursorMovedError, isUniqueViolation } from './store/chainIndexStore.ts'
import type { AccountHistoryDb } from './tables.ts'

export interface ChainIndexerOptions {
  chain: Pick<ChainConfig, 'id' | 'name' | 'rpcUrl'>
  db: AccountHistoryDb
  logger?: Logger
  /** Blocks fetched and written per step (default 100). */
  batchSize?: number
  /** Wait between polls once caught up, ms (default 500). */
  pollMs?: number
  /** How far back a reorganisation is followed before the chain's data is dropped and indexed again (default 256). */
  maxReorgDepth?: number
}

export type IndexerStep =
  | { kind: 'indexed'; from: number; to: number }
  | { kind: 'caught-up'; head: number }
  | { kind: 'rewound'; to: number; dropped: number }
  | { kind: 'reset'; reason: string }

/**
 * Follows one chain and writes its history into the database. Each step reads the next blocks (full
 * transactions and receipts, one JSON-RPC batch), checks that they extend the last indexed block, and writes them
 * together with the new cursor in one transaction — so a crash or restart resumes exactly where it stopped.
 * When the chain no longer has the last indexed block (a reorganisation) it walks back to the newest block both
 * agree on and deletes everything above it; when the chain was replaced altogether (another genesis, as after a
 * devnet restart) it drops the chain's data and starts again from block 0. The cursor is compare-and-set, so two
 * server instances sharing a database never write the same block twice.
 */
export class ChainIndexer {
  readonly chainId: number
  readonly #reader: BlockReader
  readonly #store: ChainIndexStore
  readonly #logger: Logger
  readonly #pollMs: number
  readonly #maxReorgDepth: number
  readonly #name: string
  #genesisHash: string | undefined
  #loop: StepLoop<IndexerStep> | undefined
  /** Blocks written since this indexer was made, and where the time went (for logs and the benchmark). */
  blocksIndexed = 0
  /** The chain's head as last seen by this indexer (undefined before its first step): /metrics reports the lag. */
  head: number | undefined
  readonly timings = { rpcMs: 0, decodeMs: 0, writeMs: 0 }

  constructor(options: ChainIndexerOptions) {
    this.chainId = options.chain.id
    this.#name = options.chain.name
    this.#reader = new BlockReader(options.chain.rpcUrl, options.batchSize ?? 100)
    this.#store = new ChainIndexStore(options.db, options.chain.id)
    this.#logger = options.logger ?? silentLogger
    this.#pollMs = options.pollMs ?? 500
    this.#maxReorgDepth = options.maxReorgDepth ?? 256
  }

  /** The last indexed block, or -1 when nothing is indexed yet. */
  async lastBlock(): Promise<number> {
    return this.#store.lastBlock()
  }

  /** One unit of work. Exposed for tests and the benchmark; `start()` loops over it. */
  async step(): Promise<IndexerStep> {
    // The genesis block is compared on the first step (a chain replaced while running shows up as a reorganisation
    // with no common block, which also starts over).
    const { head, genesisHash } = await this.#reader.headAndGenesis(this.#genesisHash)
    this.head = head
    let state = await this.#store.state()
    if (!state || state.genesis_hash !== genesisHash) {
      this.#genesisHash = undefined
      if (state) {
        await this.#reset(genesisHash, 'the chain has another genesis block (it was restarted or replaced)')
        return { kind: 'reset', reason: 'genesis changed' }
      }
      await this.#store.createState(genesisHash)
      state = (await this.#store.state())!
    }
    this.#genesisHash = genesisHash
    const last = Number(state.last_block)

    if (last >= head) {
      // Nothing new; make sure what we have is still the chain's (a reorg to a shorter or equal-height chain).
      const [tip] = await this.#reader.headers([head])
      const stored = last === head ? state.last_hash : await this.#store.storedHash(head)
      if (last > head || !tip || tip.hash.toLowerCase() !== stored) return this.#rewind(last, Math.min(last, head))
      return { kind: 'caught-up', head }
    }

    const from = last + 1
    const fetchStarted = performance.now()
    const { to, answers } = await this.#reader.readRun(from, head)
    const decodeStarted = performance.now()
    this.timings.rpcMs += decodeStarted - fetchStarted
    const decoded: DecodedBlock[] = []
    let parentHash = state.last_hash
    for (let i = 0; i < to - from + 1; i++) {
      const block = answers[2 * i] as RpcBlock | null
      const receipts = answers[2 * i + 1] as RpcReceipt[] | null
      if (!block || !receipts) break // the chain got shorter while we read: index what is consistent
      if (parentHash !== null && block.parentHash.toLowerCase() !== parentHash) {
        if (i === 0) return this.#rewind(last, last)
        break // a reorg in the middle of the batch: stop before it, the next step sees it at the tip
      }
      const d = decodeBlock(this.chainId, block, receipts)
      decoded.push(d)
      parentHash = d.block.hash
    }
    if (decoded.length === 0) return { kind: 'caught-up', head }

    const writeStarted = performance.now()
    this.timings.decodeMs += writeStarted - decodeStarted
    try {
      await this.#store.writeBlocks(last, decoded)
    } catch (e) {
      if (e instanceof CursorMovedError || isUniqueViolation(e)) return { kind: 'caught-up', head }
      throw e
    }
    this.timings.writeMs += performance.now() - writeStarted
    this.blocksIndexed += decoded.length
    return { kind: 'indexed', from, to: Number(decoded.at(-1)!.block.number) }
  }

  /** Steps until the indexer has the chain's current head (tests, benchmark, a one-off backfill). */
  async syncToHead(): Promise<void> {
    for (;;) {
      const result = await this.step()
      if (result.kind === 'caught-up') return
    }
  }

  /** Starts following the chain in the background; errors are logged and retried with a growing pause. */
  start(): void {
    this.#loop ??= createStepLoop({
      pollMs: this.#pollMs,
      step: () => this.step(),
      onResult: (result, failuresBefore) => {
        if (result.kind === 'indexed' && failuresBefore > 0)
          this.#logger.info('indexer recovered', { chain: this.chainId })
        if (result.kind === 'rewound')
          this.#logger.warn('indexer followed a reorganisation', {
            chain: this.chainId,
            to: result.to,
            dropped: result.dropped,
          })
        if (result.kind === 'reset')
          this.#logger.warn('indexer reset the chain', { chain: this.chainId, reason: result.reason })
      },
      onError: (error, retryInMs) => {
        this.#logger.warn('indexer step failed; retrying', {
          chain: this.chainId,
          name: this.#name,
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

  /** Finds the newest block both the database and the chain have (at or below `from`) and drops everything above it. */
  async #rewind(last: number, from: number): Promise<IndexerStep> {
    this.#reader.dropReadAhead()
    const floor = Math.max(-1, last - this.#maxReorgDepth)
    let ancestor: { number: number; hash: string } | undefined
    for (let top = from; top > floor && !ancestor; top -= 32) {
      const stored = await this.#store.storedBlocks(Math.max(floor + 1, top - 31), top)
      const onChain = await this.#reader.headers(stored.map((b) => Number(b.number)))
      const match = stored.findIndex((b, i) => onChain[i]?.hash.toLowerCase() === b.hash)
      if (match >= 0) ancestor = { number: Number(stored[match]!.number), hash: stored[match]!.hash }
      if (stored.length === 0) break
    }
    if (!ancestor) {
      await this.#reset(await this.#reader.genesisHash(), `no common block within ${this.#maxReorgDepth} blocks`)
      return { kind: 'reset', reason: `reorganisation deeper than ${this.#maxReorgDepth} blocks` }
    }
    const to = ancestor.number
    try {
      await this.#store.rewindTo(last, to, ancestor.hash)
    } catch (e) {
      if (e instanceof CursorMovedError) return { kind: 'caught-up', head: last }
      throw e
    }
    return { kind: 'rewound', to, dropped: last - to }
  }

  /** Drops everything indexed for the chain and starts again from block 0 of the chain as it is now. */
  async #reset(genesisHash: string, reason: string) {
    this.#reader.dropReadAhead()
    this.#genesisHash = undefined
    this.#logger.warn('indexer starts the chain again from block 0', { chain: this.chainId, reason })
    await this.#store.reset(genesisHash)
  }
}
