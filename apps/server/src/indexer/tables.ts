import type { Generated, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Row types of the indexer's tables (migration 0002_account_history). Kept beside the indexer and added to the
 * shared `Database` type with `withTables`, so other features' schema edits never collide with these.
 * int8 and numeric come back as strings, timestamptz as Date (see db/schema.ts).
 */
export type AccountHistoryTables = {
  chain_index_state: {
    chain_id: number
    genesis_hash: string
    /** -1 before the first block (genesis, 0) is indexed. */
    last_block: string | number
    last_hash: string | null
    updated_at: Generated<Date>
  }
  chain_blocks: { chain_id: number; number: string | number; hash: string; parent_hash: string; mined_at: Date }
  chain_transactions: {
    chain_id: number
    hash: string
    block_number: string | number
    tx_index: number
    from_address: string
    to_address: string | null
    value: string
    nonce: string | number
    status: number
    selector: string | null
    fee: string
    mined_at: Date
  }
  chain_transfers: {
    chain_id: number
    tx_hash: string
    transfer_index: number
    block_number: string | number
    standard: TransferStandard
    token_address: string | null
    from_address: string
    to_address: string
    token_id: string | null
    amount: string
  }
  account_history: {
    address: string
    chain_id: number
    block_number: string | number
    tx_index: number
    tx_hash: string
    mined_at: Date
  }
  nft_spam_list: {
    chain_id: number
    address: string
    is_spam: boolean
    source: string
    note: string | null
    created_at: Generated<Date>
  }
}

export type TransferStandard = 'native' | 'erc20' | 'erc721' | 'erc1155'

export type AccountHistoryDb = Kysely<Database & AccountHistoryTables>

export function withHistoryTables(db: Kysely<Database>): AccountHistoryDb {
  return db.withTables<AccountHistoryTables>()
}
