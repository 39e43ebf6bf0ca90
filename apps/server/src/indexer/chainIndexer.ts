import { sql } from 'kysely'
import type { ChainConfig } from '../config.ts'
import { type Logger, silentLogger } from '../log.ts'
import { type DecodedBlock, decodeBlock, type RpcBlock, type RpcReceipt } from './decodeBlock.ts'
import { type JsonRpcBatchClient, jsonRpcBatchClient } from './jsonRpcBatch.ts'
import type { AccountHistoryDb, AccountHistoryTables } from './tables.ts'

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

/** Thrown inside a write when another instance moved the chain's cursor first: the transaction rolls back. */
class CursorMovedError extends Error {}

const ROWS_PER_INSERT = 5000
const RPC_BLOCKS_PER_BATCH = 25

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
  readonly #rpc: JsonRpcBatchClient
  readonly #db: AccountHistoryDb
  readonly #logger: Logger
  readonly #batchSize: number
  readonly #pollMs: number
  readonly #maxReorgDepth: number
  readonly #name: string
  #genesisHash: string | undefined
  #readAhead: { from: number; to: number; answers: Promise<unknown[]> } | undefined
  #running: Promise<void> | undefined
  #stopping = false
  #wake: (() => void) | undefined
  /** Blocks written since this indexer was made, and where the time went (for logs and the benchmark). */
  blocksIndexed = 0
  /** The chain's head as last seen by this indexer (undefined before its first step): /metrics reports the lag. */
  head: number | undefined
  readonly timings = { rpcMs: 0, decodeMs: 0, writeMs: 0 }

  constructor(options: ChainIndexerOptions) {
    this.chainId = options.chain.id
    this.#name = options.chain.name
    this.#rpc = jsonRpcBatchClient(options.chain.rpcUrl)
    this.#db = options.db
    this.#logger = options.logger ?? silentLogger
    this.#batchSize = options.batchSize ?? 100
    this.#pollMs = options.pollMs ?? 500
    this.#maxReorgDepth = options.maxReorgDepth ?? 256
  }

  /** The last indexed block, or -1 when nothing is indexed yet. */
  async lastBlock(): Promise<number> {
    const state = await this.#db
      .selectFrom('chain_index_state')
      .select('last_block')
      .where('chain_id', '=', this.chainId)
      .executeTakeFirst()
    return state ? Number(state.last_block) : -1
  }

  /** One unit of work. Exposed for tests and the benchmark; `start()` loops over it. */
  async step(): Promise<IndexerStep> {
    // The genesis block is compared on the first step (a chain replaced while running shows up as a reorganisation
    // with no common block, which also starts over).
    const [headHex, genesis] = await this.#rpc.batch<RpcBlock | string>([
      { method: 'eth_blockNumber', params: [] },
      ...(this.#genesisHash ? [] : [{ method: 'eth_getBlockByNumber', params: ['0x0', false] }]),
    ])
    const genesisHash = this.#genesisHash ?? (genesis as RpcBlock).hash.toLowerCase()
    const head = Number(BigInt(headHex as string))
    this.head = head
    let state = await this.#state()
    if (!state || state.genesis_hash !== genesisHash) {
      this.#genesisHash = undefined
      if (state) {
        await this.#reset(genesisHash, 'the chain has another genesis block (it was restarted or replaced)')
        return { kind: 'reset', reason: 'genesis changed' }
      }
      await this.#db
        .insertInto('chain_index_state')
        .values({ chain_id: this.chainId, genesis_hash: genesisHash, last_block: -1, last_hash: null })
        .onConflict((oc) => oc.column('chain_id').doNothing())
        .execute()
      state = (await this.#state())!
    }
    this.#genesisHash = genesisHash
    const last = Number(state.last_block)

    if (last >= head) {
      // Nothing new; make sure what we have is still the chain's (a reorg to a shorter or equal-height chain).
      const [tip] = await this.#rpc.batch<RpcBlock | null>([
        { method: 'eth_getBlockByNumber', params: [toHex(head), false] },
      ])
      const stored = last === head ? state.last_hash : await this.#storedHash(head)
      if (last > head || !tip || tip.hash.toLowerCase() !== stored) return this.#rewind(last, Math.min(last, head))
      return { kind: 'caught-up', head }
    }

    const from = last + 1
    const fetchStarted = performance.now()
    // Blocks read ahead during the previous write are used when they start here (they are checked like any).
    const ahead = this.#readAhead?.from === from ? this.#readAhead : undefined
    this.#readAhead = undefined
    const to = ahead?.to ?? Math.min(head, from + this.#batchSize - 1)
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const answers = await (ahead?.answers ?? this.#readBlocks(from, to)).catch((e: unknown) => {
      if (ahead) return this.#readBlocks(from, to)
      throw e
    })
    if (to < head) {
      const nextTo = Math.min(head, to + this.#batchSize)
      const next = this.#readBlocks(to + 1, nextTo)
      next.catch(() => {}) // a failed read-ahead is read again by the next step
      this.#readAhead = { from: to + 1, to: nextTo, answers: next }
    }
    const decodeStarted = performance.now()
    this.timings.rpcMs += decodeStarted - fetchStarted
    const decoded: DecodedBlock[] = []
    let parentHash = state.last_hash
    for (let i = 0; i < numbers.length; i++) {
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

    const newLast = decoded.at(-1)!.block
    const writeStarted = performance.now()
    this.timings.decodeMs += writeStarted - decodeStarted
    try {
      await this.#db.transaction().execute(async (trx) => {
        // No wait for the disk flush: a crash can only lose whole recent steps, cursor included, which are read
        // again from the chain — the index stays consistent and the indexer is not bound by fsync.
        await sql`set local synchronous_commit = off`.execute(trx)
        // The cursor first: its row lock makes a second instance wait here, then find the cursor moved.
        await this.#moveCursor(trx, last, Number(newLast.number), newLast.hash)
        await insertChunks(
          trx,
          'chain_blocks',
          decoded.map((d) => d.block),
        )
        await insertChunks(
          trx,
          'chain_transactions',
          decoded.flatMap((d) => d.transactions),
        )
        await insertChunks(
          trx,
          'chain_transfers',
          decoded.flatMap((d) => d.transfers),
        )
        await insertChunks(
          trx,
          'account_history',
          decoded.flatMap((d) => d.history),
        )
      })
    } catch (e) {
      if (e instanceof CursorMovedError || isUniqueViolation(e)) return { kind: 'caught-up', head }
      throw e
    }
    this.timings.writeMs += performance.now() - writeStarted
    this.blocksIndexed += decoded.length
    return { kind: 'indexed', from, to: Number(newLast.number) }
  }

  /**
   * Blocks with full transactions and their receipts, `[block, receipts]` per number. Split into a few JSON-RPC
   * batches sent side by side: a node answers several requests at once but one batch in sequence.
   */
  async #readBlocks(from: number, to: number): Promise<unknown[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const chunks: number[][] = []
    for (let i = 0; i < numbers.length; i += RPC_BLOCKS_PER_BATCH)
      chunks.push(numbers.slice(i, i + RPC_BLOCKS_PER_BATCH))
    const answers = await Promise.all(
      chunks.map((chunk) =>
        this.#rpc.batch<unknown>(
          chunk.flatMap((n) => [
            { method: 'eth_getBlockByNumber', params: [toHex(n), true] },
            { method: 'eth_getBlockReceipts', params: [toHex(n)] },
          ]),
        ),
      ),
    )
    return answers.flat()
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
    if (this.#running) return
    this.#stopping = false
    this.#running = (async () => {
      let failures = 0
      while (!this.#stopping) {
        let pause = 0
        try {
          const result = await this.step()
          if (result.kind === 'indexed' && failures > 0) this.#logger.info('indexer recovered', { chain: this.chainId })
          if (result.kind === 'rewound')
            this.#logger.warn('indexer followed a reorganisation', {
              chain: this.chainId,
              to: result.to,
              dropped: result.dropped,
            })
          if (result.kind === 'reset')
            this.#logger.warn('indexer reset the chain', { chain: this.chainId, reason: result.reason })
          failures = 0
          if (result.kind === 'caught-up') pause = this.#pollMs
        } catch (e) {
          failures++
          pause = Math.min(30_000, this.#pollMs * 2 ** Math.min(failures, 6))
          this.#logger.warn('indexer step failed; retrying', {
            chain: this.chainId,
            name: this.#name,
            error: e,
            retryInMs: pause,
          })
        }
        if (pause > 0 && !this.#stopping) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pause)
            this.#wake = () => {
              clearTimeout(timer)
              resolve()
            }
          })
          this.#wake = undefined
        }
      }
    })()
  }

  /** Stops after the current step (a write in progress completes or rolls back as a whole). */
  async stop(): Promise<void> {
    this.#stopping = true
    this.#wake?.()
    await this.#running
    this.#running = undefined
  }

  async #state() {
    return this.#db.selectFrom('chain_index_state').selectAll().where('chain_id', '=', this.chainId).executeTakeFirst()
  }

  async #storedHash(number: number): Promise<string | null> {
    const row = await this.#db
      .selectFrom('chain_blocks')
      .select('hash')
      .where('chain_id', '=', this.chainId)
      .where('number', '=', number)
      .executeTakeFirst()
    return row?.hash ?? null
  }

  async #moveCursor(trx: AccountHistoryDb, expectedLast: number, last: number, hash: string | null) {
    const result = await trx
      .updateTable('chain_index_state')
      .set({ last_block: last, last_hash: hash, updated_at: sql`now()` })
      .where('chain_id', '=', this.chainId)
      .where('last_block', '=', expectedLast)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new CursorMovedError()
  }

  /** Finds the newest block both the database and the chain have (at or below `from`) and drops everything above it. */
  async #rewind(last: number, from: number): Promise<IndexerStep> {
    this.#readAhead = undefined
    const floor = Math.max(-1, last - this.#maxReorgDepth)
    let ancestor: { number: number; hash: string } | undefined
    for (let top = from; top > floor && !ancestor; top -= 32) {
      const bottom = Math.max(floor + 1, top - 31)
      const stored = await this.#db
        .selectFrom('chain_blocks')
        .select(['number', 'hash'])
        .where('chain_id', '=', this.chainId)
        .where('number', '>=', bottom)
        .where('number', '<=', top)
        .orderBy('number', 'desc')
        .execute()
      const onChain = await this.#rpc.batch<RpcBlock | null>(
        stored.map((b) => ({ method: 'eth_getBlockByNumber', params: [toHex(Number(b.number)), false] })),
      )
      const match = stored.findIndex((b, i) => onChain[i]?.hash.toLowerCase() === b.hash)
      if (match >= 0) ancestor = { number: Number(stored[match]!.number), hash: stored[match]!.hash }
      if (stored.length === 0) break
    }
    if (!ancestor) {
      const [genesis] = await this.#rpc.batch<RpcBlock>([{ method: 'eth_getBlockByNumber', params: ['0x0', false] }])
      await this.#reset(genesis!.hash.toLowerCase(), `no common block within ${this.#maxReorgDepth} blocks`)
      return { kind: 'reset', reason: `reorganisation deeper than ${this.#maxReorgDepth} blocks` }
    }
    const to = ancestor.number
    try {
      await this.#db.transaction().execute(async (trx) => {
        await this.#moveCursor(trx, last, to, ancestor.hash)
        await this.#deleteAbove(trx, to)
      })
    } catch (e) {
      if (e instanceof CursorMovedError) return { kind: 'caught-up', head: last }
      throw e
    }
    return { kind: 'rewound', to, dropped: last - to }
  }

  async #deleteAbove(trx: AccountHistoryDb, number: number) {
    const chain = this.chainId
    await trx.deleteFrom('account_history').where('chain_id', '=', chain).where('block_number', '>', number).execute()
    await trx.deleteFrom('chain_transfers').where('chain_id', '=', chain).where('block_number', '>', number).execute()
    await trx
      .deleteFrom('chain_transactions')
      .where('chain_id', '=', chain)
      .where('block_number', '>', number)
      .execute()
    await trx.deleteFrom('chain_blocks').where('chain_id', '=', chain).where('number', '>', number).execute()
  }

  /** Drops everything indexed for the chain and starts again from block 0 of the chain as it is now. */
  async #reset(genesisHash: string, reason: string) {
    this.#readAhead = undefined
    this.#genesisHash = undefined
    this.#logger.warn('indexer starts the chain again from block 0', { chain: this.chainId, reason })
    await this.#db.transaction().execute(async (trx) => {
      await this.#deleteAbove(trx, -1)
      await trx.deleteFrom('chain_index_state').where('chain_id', '=', this.chainId).execute()
      await trx
        .insertInto('chain_index_state')
        .values({ chain_id: this.chainId, genesis_hash: genesisHash, last_block: -1, last_hash: null })
        .execute()
    })
  }
}

/** Each table's columns with their SQL types, for `insertChunks`. */
const COLUMNS = {
  chain_blocks: { chain_id: 'int', number: 'int8', hash: 'text', parent_hash: 'text', mined_at: 'timestamptz' },
  chain_transactions: {
    chain_id: 'int',
    hash: 'text',
    block_number: 'int8',
    tx_index: 'int',
    from_address: 'text',
    to_address: 'text',
    value: 'numeric',
    nonce: 'int8',
    status: 'smallint',
    selector: 'text',
    fee: 'numeric',
    mined_at: 'timestamptz',
  },
  chain_transfers: {
    chain_id: 'int',
    tx_hash: 'text',
    transfer_index: 'int',
    block_number: 'int8',
    standard: 'text',
    token_address: 'text',
    from_address: 'text',
    to_address: 'text',
    token_id: 'numeric',
    amount: 'numeric',
  },
  account_history: {
    address: 'text',
    chain_id: 'int',
    block_number: 'int8',
    tx_index: 'int',
    tx_hash: 'text',
    mined_at: 'timestamptz',
  },
} as const

/**
 * `insert … select * from unnest($1::int[], $2::text[], …)`: one array parameter per column instead of one
 * parameter per value — several times faster to send and parse than a multi-row VALUES, most of all on PGlite.
 */
async function insertChunks<table extends keyof typeof COLUMNS>(
  trx: AccountHistoryDb,
  table: table,
  rows: readonly AccountHistoryTables[table][],
) {
  const columns = Object.entries(COLUMNS[table]) as [string, string][]
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT) as unknown as Record<string, unknown>[]
    const arrays = columns.map(([name, type]) => sql`${chunk.map((row) => row[name] ?? null)}::${sql.raw(type)}[]`)
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))}) select * from unnest(${sql.join(arrays)})`.execute(
      trx,
    )
  }
}

const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505'

const toHex = (n: number) => `0x${n.toString(16)}`
