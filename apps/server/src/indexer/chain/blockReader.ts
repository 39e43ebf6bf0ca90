/**
 * Reads a chain for the indexer: its head and genesis, single block hashes, and runs of blocks with full
 * transactions and their receipts — the next run read ahead while the indexer writes the current one.
 */
import type { RpcBlock } from './decodeBlock.ts'
import { type JsonRpcBatchClient, jsonRpcBatchClient } from './jsonRpcBatch.ts'

const RPC_BLOCKS_PER_BATCH = 25

export const toHex = (n: number) => `0x${n.toString(16)}`

/** A run of blocks as read: `[block, receipts]` per number from `from` to `to` (null where the chain has none). */
export interface BlockRun {
  to: number
  answers: unknown[]
}

export class BlockReader {
  readonly #rpc: JsonRpcBatchClient
  readonly #batchSize: number
  #readAhead: { from: number; to: number; answers: Promise<unknown[]> } | undefined

  /** `batchSize`: blocks a run. */
  constructor(rpcUrl: string, batchSize: number) {
    this.#rpc = jsonRpcBatchClient(rpcUrl)
    this.#batchSize = batchSize
  }

  /** The chain's head, and its genesis hash (lowercase) unless the caller already knows it. */
  async headAndGenesis(knownGenesis: string | undefined): Promise<{ head: number; genesisHash: string }> {
    const [headHex, genesis] = await this.#rpc.batch<RpcBlock | string>([
      { method: 'eth_blockNumber', params: [] },
      ...(knownGenesis ? [] : [{ method: 'eth_getBlockByNumber', params: ['0x0', false] }]),
    ])
    return {
      head: Number(BigInt(headHex as string)),
      genesisHash: knownGenesis ?? (genesis as RpcBlock).hash.toLowerCase(),
    }
  }

  /** The chain's genesis hash, lowercase. */
  async genesisHash(): Promise<string> {
    const [genesis] = await this.#rpc.batch<RpcBlock>([{ method: 'eth_getBlockByNumber', params: ['0x0', false] }])
    return genesis!.hash.toLowerCase()
  }

  /** The headers (without transactions) of these blocks, null for a block the chain does not have. */
  async headers(numbers: readonly number[]): Promise<(RpcBlock | null)[]> {
    return this.#rpc.batch<RpcBlock | null>(
      numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHex(n), false] })),
    )
  }

  /**
   * The run of blocks starting at `from` (at most a batch, not past `head`). Blocks read ahead by the previous call
   * are used when they start here (they are checked like any); then the next run is read ahead.
   */
  async readRun(from: number, head: number): Promise<BlockRun> {
    const ahead = this.#readAhead?.from === from ? this.#readAhead : undefined
    this.#readAhead = undefined
    const to = ahead?.to ?? Math.min(head, from + this.#batchSize - 1)
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
    return { to, answers }
  }

  /** Forgets the run read ahead (the chain changed under it). */
  dropReadAhead(): void {
    this.#readAhead = undefined
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
}
