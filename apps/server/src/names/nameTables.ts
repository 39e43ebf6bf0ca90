import type { NameAttributes } from '@foyer/core/protocol'
import type { ColumnType, Generated, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Row types of migration 0006_names, added to the shared `Database` type with `withTables` (like the indexer's), so
 * other features' schema edits never collide with these. int8 comes back as text, timestamptz as Date, jsonb parsed
 * (written as a JSON string).
 */
export type NameTables = {
  account_names: {
    id: Generated<string>
    /** The full name, lower-case: `alice.foyer.id`. */
    name: string
    /** Lower-case 0x address. */
    address: string
    /** ENSIP-11 coin type of the chain the registration was signed on. */
    coin_type: ColumnType<string, number, number>
    attributes: ColumnType<NameAttributes, string, string>
    /** The signed message's timestamp: a change must be signed later than the one it replaces. */
    signed_at: Date
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  account_name_history: {
    id: Generated<string>
    name: string
    action: 'register' | 'update'
    address: string
    coin_type: ColumnType<string, number, number>
    attributes: ColumnType<NameAttributes, string, string>
    /** The signed JSON text and its signature, as received. */
    message: string
    signature: string
    project_id: string
    created_at: Generated<Date>
  }
}

export type NamesDb = Kysely<Database & NameTables>

export function withNameTables(db: Kysely<Database>): NamesDb {
  return db.withTables<NameTables>()
}
