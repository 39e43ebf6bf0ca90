import type { Generated } from 'kysely'

/** Row types of migration 0003 (embedded-wallet auth). */
export type EmbeddedTables = {
  embedded_users: {
    id: string
    email: string
    address: string | null
    /** Shamir share x = 2 of the wallet key, hex `02…` (one share never rebuilds the key). */
    auth_share: string | null
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  embedded_devices: { user_id: string; device_hash: string; approved_at: Generated<Date> }
  embedded_challenges: {
    id: string
    purpose: 'login' | 'device' | 'update_primary' | 'update_secondary'
    email: string
    user_id: string | null
    device_hash: string | null
    new_email: string | null
    secret_hash: string
    attempts: Generated<number>
    expires_at: Date
    consumed_at: Date | null
    created_at: Generated<Date>
  }
  embedded_code_failures: { id: string; email: string; client_address: string; created_at: Generated<Date> }
  embedded_sessions: {
    token_hash: string
    user_id: string
    device_hash: string
    expires_at: Date
    revoked_at: Date | null
    created_at: Generated<Date>
  }
}
