import { type Kysely, sql } from 'kysely'

// The Solana indexer's tables (apps/server/src/indexer/solana), beside the EVM ones: a Solana chain is named by its
// CAIP-2 id (`solana:<genesis hash, 32 characters>`), addresses, mints and signatures are base58 text (case kept),
// amounts numeric (exact), slots int8. Every slot that has a block holds its transactions in block order (tx_index).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('solana_index_state')
    .addColumn('chain', 'text', (c) => c.primaryKey())
    // -1 before the first block is indexed; last_blockhash is null then.
    .addColumn('last_slot', 'int8', (c) => c.notNull())
    .addColumn('last_blockhash', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('solana_transactions')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('slot', 'int8', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('fee_payer', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('block_time', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('solana_transactions_pk', ['chain', 'signature'])
    .execute()
  await db.schema.createIndex('solana_transactions_slot').on('solana_transactions').columns(['chain', 'slot']).execute()

  await db.schema
    .createTable('solana_transfers')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('transfer_index', 'integer', (c) => c.notNull())
    .addColumn('slot', 'int8', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    // The mint (null for SOL) and its decimals as the transaction's token balances give them.
    .addColumn('mint', 'text')
    .addColumn('decimals', 'smallint', (c) => c.notNull())
    // The owners (wallets) on both sides; for SOL the accounts themselves.
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('solana_transfers_pk', ['chain', 'signature', 'transfer_index'])
    .addCheckConstraint('solana_transfers_standard', sql`standard in ('native', 'spl')`)
    .execute()
  await db.schema.createIndex('solana_transfers_slot').on('solana_transfers').columns(['chain', 'slot']).execute()

  await db.schema
    .createTable('solana_account_history')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('block_time', 'timestamptz', (c) => c.notNull())
    .addColumn('slot', 'int8', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    // Read backwards, an account's entries newest first (block time, then chain, slot and position).
    .addPrimaryKeyConstraint('solana_account_history_pk', ['address', 'block_time', 'chain', 'slot', 'tx_index'])
    .execute()
  await db.schema
    .createIndex('solana_account_history_slot')
    .on('solana_account_history')
    .columns(['chain', 'slot'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['solana_account_history', 'solana_transfers', 'solana_transactions', 'solana_index_state'])
    await db.schema.dropTable(table).execute()
}
