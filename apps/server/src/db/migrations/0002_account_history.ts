import { type Kysely, sql } from 'kysely'

// The indexer's tables (apps/server/src/indexer) and the editable NFT spam list (history).
// Addresses and hashes are stored lower-case 0x text; amounts as numeric (exact); block numbers as int8.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chain_index_state')
    .addColumn('chain_id', 'integer', (c) => c.primaryKey())
    .addColumn('genesis_hash', 'text', (c) => c.notNull())
    .addColumn('last_block', 'int8', (c) => c.notNull())
    .addColumn('last_hash', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('chain_blocks')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'int8', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('parent_hash', 'text', (c) => c.notNull())
    .addColumn('mined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pk', ['chain_id', 'number'])
    .execute()

  await db.schema
    .createTable('chain_transactions')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('block_number', 'int8', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text')
    .addColumn('value', 'numeric', (c) => c.notNull())
    .addColumn('nonce', 'int8', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('selector', 'text')
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('mined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_transactions_pk', ['chain_id', 'hash'])
    .execute()
  await db.schema
    .createIndex('chain_transactions_block')
    .on('chain_transactions')
    .columns(['chain_id', 'block_number'])
    .execute()

  await db.schema
    .createTable('chain_transfers')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('transfer_index', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'int8', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('token_address', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('token_id', 'numeric')
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_transfers_pk', ['chain_id', 'tx_hash', 'transfer_index'])
    .addCheckConstraint('chain_transfers_standard', sql`standard in ('native', 'erc20', 'erc721', 'erc1155')`)
    .execute()
  await db.schema
    .createIndex('chain_transfers_block')
    .on('chain_transfers')
    .columns(['chain_id', 'block_number'])
    .execute()

  await db.schema
    .createTable('account_history')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'int8', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('mined_at', 'timestamptz', (c) => c.notNull())
    // Also the history endpoint's index: read backwards it gives an account's entries newest first (block time,
    // then chain, block and position), across chains or within one.
    .addPrimaryKeyConstraint('account_history_pk', ['address', 'mined_at', 'chain_id', 'block_number', 'tx_index'])
    .execute()
  await db.schema
    .createIndex('account_history_block')
    .on('account_history')
    .columns(['chain_id', 'block_number'])
    .execute()

  await db.schema
    .createTable('nft_spam_list')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('is_spam', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('nft_spam_list_pk', ['chain_id', 'address'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'nft_spam_list',
    'account_history',
    'chain_transfers',
    'chain_transactions',
    'chain_blocks',
    'chain_index_state',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
