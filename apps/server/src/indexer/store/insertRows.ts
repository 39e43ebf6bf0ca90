import { sql } from 'kysely'
import type { AccountHistoryDb, AccountHistoryTables } from '../tables.ts'

const ROWS_PER_INSERT = 5000

/** Each table's columns with their SQL types, for `insertTable`. */
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

export type IndexedTable = keyof typeof COLUMNS

/** New rows for every table the indexer writes. */
export type IndexedRows = { [table in IndexedTable]: readonly AccountHistoryTables[table][] }

/** Inserts the rows of every table, in the order of `COLUMNS` (blocks first). */
export async function insertRows(trx: AccountHistoryDb, rows: IndexedRows): Promise<void> {
  for (const table of Object.keys(COLUMNS) as IndexedTable[])
    await insertTable(trx, table, rows[table] as unknown as readonly Record<string, unknown>[])
}

/**
 * `insert … select * from unnest($1::int[], $2::text[], …)`: one array parameter per column instead of one
 * parameter per value — several times faster to send and parse than a multi-row VALUES, most of all on PGlite.
 * Inserts `ROWS_PER_INSERT` rows a statement.
 */
async function insertTable(trx: AccountHistoryDb, table: IndexedTable, rows: readonly Record<string, unknown>[]) {
  const columns = Object.entries(COLUMNS[table]) as [string, string][]
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT)
    const arrays = columns.map(([name, type]) => sql`${chunk.map((row) => row[name] ?? null)}::${sql.raw(type)}[]`)
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))}) select * from unnest(${sql.join(arrays)})`.execute(
      trx,
    )
  }
}
