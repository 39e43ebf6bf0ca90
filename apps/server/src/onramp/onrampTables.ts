import type { OnrampStatus } from '@foyer/core/protocol'
import type { Generated, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Row types of migration 0007_onramp, added to the shared `Database` type with `withTables` (like the names'), so
 * other features' schema edits never collide with these. Money is text (fiat `"100.00"`, tokens exact decimals);
 * timestamptz comes back as Date.
 */
export type OnrampTables = {
  onramp_quotes: {
    id: string
    project_id: string
    provider: string
    purchase_currency: string
    /** CAIP-2, `eip155:31337`. */
    network: string
    payment_currency: string
    payment_method: string
    subtotal: string
    provider_fee: string
    network_fee: string
    total: string
    purchase_amount: string
    expires_at: Date
    /** When the purchase made with it claimed it (migration 0010); null while unused. */
    used_at: Date | null
    created_at: Generated<Date>
  }
  onramp_purchases: {
    id: string
    /** Creation order (int8 as text), for history pages. */
    seq: Generated<string>
    project_id: string
    provider: string
    quote_id: string | null
    status: Generated<OnrampStatus>
    /** Lower-case 0x address the token goes to. */
    address: string
    network: string
    purchase_currency: string
    /** Lower-case; NATIVE_TOKEN_ADDRESS_EVM for the native currency. */
    token_address: string
    token_decimals: number
    purchase_amount: string
    payment_currency: string
    payment_method: string
    subtotal: string
    /** Provider and network fees together. */
    fees: string
    total: string
    partner_user_id: string | null
    tx_hash: string | null
    failure_reason: string | null
    /** SHA-256 (hex) of the secret the creating page holds (migration 0010); null on older purchases. */
    secret_hash: string | null
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  onramp_webhook_events: {
    provider: string
    event_id: string
    purchase_id: string
    status: string
    applied: boolean
    received_at: Generated<Date>
  }
}

export type OnrampDb = Kysely<Database & OnrampTables>

export function withOnrampTables(db: Kysely<Database>): OnrampDb {
  return db.withTables<OnrampTables>()
}
