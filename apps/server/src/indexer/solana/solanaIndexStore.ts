/**
 * One Solana chain's part of the index in the database: its cursor (`solana_index_state`: the last indexed slot and
 * its block hash) and its rows. Every write moves the cursor in the same transaction, compare-and-set against the
 * slot the writer read, so two server instances sharing a database never write the same block twice.
 */
import { sql } from 'kysely'
import { CursorMovedError } from '../store/chainIndexStore.ts'
import type { DecodedSolanaTransaction } from './decodeSolanaTransaction.ts'
import type { SolanaHistoryDb } from './solanaTables.ts'

const ROWS_PER_INSERT = 5000

const COLUMNS = {
  solana_transactions: {
    chain: 'text',
    signature: 'text',
    slot: 'int8',
    tx_index: 'int',
    fee_payer: 'text',
    status: 'smallint',
    fee: 'numeric',
    block_time: 'timestamptz',
  },
  solana_transfers: {
    chain: 'text',
    signature: 'text',
    transfer_index: 'int',
    slot: 'int8',
    standard: 'text',
    mint: 'text',
    decimals: 'smallint',
    from_address: 'text',
    to_address: 'text',
    amount: 'numeric',
  },
  solana_account_history: {
    address: 'text',
    chain: 'text',
    block_time: 'timestamptz',
    slot: 'int8',
    tx_index: 'int',
    signature: 'text',
  },
} as const

export class SolanaIndexStore {
  readonly #db: SolanaHistoryDb
  readonly #chain: string

  constructor(db: SolanaHistoryDb, chain: string) {
    this.#db = db
    this.#chain = chain
  }

  /** The chain's cursor row, if the chain was ever indexed. */
  async state() {
    return this.#db.selectFrom('solana_index_state').selectAll().where('chain', '=', this.#chain).executeTakeFirst()
  }

  /** Makes the chain's cursor (nothing indexed) unless another instance made it first. */
  async createState(): Promise<void> {
    await this.#db
      .insertInto('solana_index_state')
      .values({ chain: this.#chain, last_slot: -1, last_blockhash: null })
      .onConflict((oc) => oc.column('chain').doNothing())
      .execute()
  }

  /** Writes the rows of blocks that follow `expectedLast`, with the cursor moved to `last`, in one transaction. */
  async writeBlocks(
    expectedLast: number,
    last: { slot: number; blockhash: string },
    decoded: readonly DecodedSolanaTransaction[],
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      // As the EVM indexer: a crash loses at most whole recent steps, cursor included, which are read again.
      await sql`set local synchronous_commit = off`.execute(trx)
      // The cursor first: its row lock makes a second instance wait here, then find the cursor moved.
      await this.#moveCursor(trx, expectedLast, last.slot, last.blockhash)
      await insertTable(
        trx,
        'solana_transactions',
        decoded.map((d) => d.transaction),
      )
      await insertTable(
        trx,
        'solana_transfers',
        decoded.flatMap((d) => d.transfers),
      )
      await insertTable(
        trx,
        'solana_account_history',
        decoded.flatMap((d) => d.history),
      )
    })
  }

  /** Drops everything indexed for the chain and sets the cursor back before the first block, if still at `expectedLast`. */
  async reset(expectedLast: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await this.#moveCursor(trx, expectedLast, -1, null)
      for (const table of ['solana_account_history', 'solana_transfers', 'solana_transactions'] as const)
        await trx.deleteFrom(table).where('chain', '=', this.#chain).execute()
    })
  }

  async #moveCursor(trx: SolanaHistoryDb, expectedLast: number, last: number, blockhash: string | null) {
    const result = await trx
      .updateTable('solana_index_state')
      .set({ last_slot: last, last_blockhash: blockhash, updated_at: sql`now()` })
      .where('chain', '=', this.#chain)
      .where('last_slot', '=', expectedLast)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new CursorMovedError()
  }
}

/** `insert … select * from unnest(…)`, one array parameter per column (as the EVM indexer's insertRows). */
async function insertTable(trx: SolanaHistoryDb, table: keyof typeof COLUMNS, rows: readonly object[]) {
  const columns = Object.entries(COLUMNS[table]) as [string, string][]
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT) as Record<string, unknown>[]
    const arrays = columns.map(([name, type]) => sql`${chunk.map((row) => row[name] ?? null)}::${sql.raw(type)}[]`)
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))}) select * from unnest(${sql.join(arrays)})`.execute(
      trx,
    )
  }
}
