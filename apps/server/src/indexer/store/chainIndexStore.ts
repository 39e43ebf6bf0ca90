/**
 * One chain's part of the index in the database: its cursor (`chain_index_state`: genesis hash, last indexed block
 * and its hash) and its rows. Every write moves the cursor in the same transaction, compare-and-set against the
 * last block the writer read, so two server instances sharing a database never write the same block twice.
 */
import { sql } from 'kysely'
import type { DecodedBlock } from '../chain/decodeBlock.ts'
import type { AccountHistoryDb } from '../tables.ts'
import { insertRows } from './insertRows.ts'

/** Thrown inside a write when another instance moved the chain's cursor first: the transaction rolls back. */
export class CursorMovedError extends Error {}

/** Another instance inserted the same rows first (Postgres unique_violation). */
export const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505'

export class ChainIndexStore {
  readonly #db: AccountHistoryDb
  readonly #chainId: number

  constructor(db: AccountHistoryDb, chainId: number) {
    this.#db = db
    this.#chainId = chainId
  }

  /** The chain's cursor row, if the chain was ever indexed. */
  async state() {
    return this.#db.selectFrom('chain_index_state').selectAll().where('chain_id', '=', this.#chainId).executeTakeFirst()
  }

  /** The last indexed block, or -1 when nothing is indexed yet. */
  async lastBlock(): Promise<number> {
    const state = await this.#db
      .selectFrom('chain_index_state')
      .select('last_block')
      .where('chain_id', '=', this.#chainId)
      .executeTakeFirst()
    return state ? Number(state.last_block) : -1
  }

  /** Makes the chain's cursor (nothing indexed) unless another instance made it first. */
  async createState(genesisHash: string): Promise<void> {
    await this.#db
      .insertInto('chain_index_state')
      .values({ chain_id: this.#chainId, genesis_hash: genesisHash, last_block: -1, last_hash: null })
      .onConflict((oc) => oc.column('chain_id').doNothing())
      .execute()
  }

  async storedHash(number: number): Promise<string | null> {
    const row = await this.#db
      .selectFrom('chain_blocks')
      .select('hash')
      .where('chain_id', '=', this.#chainId)
      .where('number', '=', number)
      .executeTakeFirst()
    return row?.hash ?? null
  }

  /** The stored blocks from `bottom` to `top`, newest first. */
  async storedBlocks(bottom: number, top: number) {
    return this.#db
      .selectFrom('chain_blocks')
      .select(['number', 'hash'])
      .where('chain_id', '=', this.#chainId)
      .where('number', '>=', bottom)
      .where('number', '<=', top)
      .orderBy('number', 'desc')
      .execute()
  }

  /** Writes decoded blocks that follow `expectedLast`, with the cursor moved to the newest, in one transaction. */
  async writeBlocks(expectedLast: number, decoded: readonly DecodedBlock[]): Promise<void> {
    const newLast = decoded.at(-1)!.block
    await this.#db.transaction().execute(async (trx) => {
      // No wait for the disk flush: a crash can only lose whole recent steps, cursor included, which are read
      // again from the chain — the index stays consistent and the indexer is not bound by fsync.
      await sql`set local synchronous_commit = off`.execute(trx)
      // The cursor first: its row lock makes a second instance wait here, then find the cursor moved.
      await this.#moveCursor(trx, expectedLast, Number(newLast.number), newLast.hash)
      await insertRows(trx, {
        chain_blocks: decoded.map((d) => d.block),
        chain_transactions: decoded.flatMap((d) => d.transactions),
        chain_transfers: decoded.flatMap((d) => d.transfers),
        account_history: decoded.flatMap((d) => d.history),
      })
    })
  }

  /** Moves the cursor back from `expectedLast` to block `to` (hash `hash`) and deletes everything above it. */
  async rewindTo(expectedLast: number, to: number, hash: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await this.#moveCursor(trx, expectedLast, to, hash)
      await this.#deleteAbove(trx, to)
    })
  }

  /** Drops everything indexed for the chain and makes a fresh cursor for the chain with `genesisHash`. */
  async reset(genesisHash: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await this.#deleteAbove(trx, -1)
      await trx.deleteFrom('chain_index_state').where('chain_id', '=', this.#chainId).execute()
      await trx
        .insertInto('chain_index_state')
        .values({ chain_id: this.#chainId, genesis_hash: genesisHash, last_block: -1, last_hash: null })
        .execute()
    })
  }

  async #moveCursor(trx: AccountHistoryDb, expectedLast: number, last: number, hash: string | null) {
    const result = await trx
      .updateTable('chain_index_state')
      .set({ last_block: last, last_hash: hash, updated_at: sql`now()` })
      .where('chain_id', '=', this.#chainId)
      .where('last_block', '=', expectedLast)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new CursorMovedError()
  }

  async #deleteAbove(trx: AccountHistoryDb, number: number) {
    const chain = this.#chainId
    await trx.deleteFrom('account_history').where('chain_id', '=', chain).where('block_number', '>', number).execute()
    await trx.deleteFrom('chain_transfers').where('chain_id', '=', chain).where('block_number', '>', number).execute()
    await trx
      .deleteFrom('chain_transactions')
      .where('chain_id', '=', chain)
      .where('block_number', '>', number)
      .execute()
    await trx.deleteFrom('chain_blocks').where('chain_id', '=', chain).where('number', '>', number).execute()
  }
}
