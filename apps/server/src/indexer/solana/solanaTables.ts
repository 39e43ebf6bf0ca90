import type { Generated, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/**
 * Row types of the Solana indexer's tables (migration 0018_solana_history), added to the shared `Database` type with
 * `withSolanaHistoryTables`. int8 and numeric come back as strings, timestamptz as Date (see db/schema.ts).
 */
export type SolanaHistoryTables = {
  solana_index_state: {
    /** CAIP-2, `solana:<genesis hash, 32 characters>`. */
    chain: string
    /** -1 before the first block is indexed. */
    last_slot: string | number
    last_blockhash: string | null
    updated_at: Generated<Date>
  }
  solana_transactions: {
    chain: string
    signature: string
    slot: string | number
    tx_index: number
    fee_payer: string
    /** 1 succeeded, 0 failed (its fee was still charged). */
    status: number
    fee: string
    block_time: Date
  }
  solana_transfers: {
    chain: string
    signature: string
    transfer_index: number
    slot: string | number
    standard: 'native' | 'spl'
    mint: string | null
    decimals: number
    from_address: string
    to_address: string
    amount: string
  }
  solana_account_history: {
    address: string
    chain: string
    block_time: Date
    slot: string | number
    tx_index: number
    signature: string
  }
}

export type SolanaHistoryDb = Kysely<Database & SolanaHistoryTables>

export function withSolanaHistoryTables(db: Kysely<Database>): SolanaHistoryDb {
  return db.withTables<SolanaHistoryTables>()
}
