import type { Generated } from 'kysely'

/** Row types of migrations 0003 (embedded-wallet auth), 0004 (hardening) and 0009 (sessions per project). */
export type EmbeddedTables = {
  embedded_users: {
    id: string
    email: string
    address: string | null
    /** One Shamir share of the wallet key, hex: its x coordinate (nonzero byte), then 32 bytes (one share never rebuilds the key). */
    auth_share: string | null
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  embedded_devices: {
    user_id: string
    device_hash: string
    approved_at: Generated<Date>
    /** Last sign-in from this device; each one moves `expires_at` forward by the device lifetime. */
    last_used_at: Generated<Date>
    expires_at: Date
  }
  /** The 30 s resend lock: when the last mail of a flow went to an address. `email` is the key `<flow>:<address>` (sendLimits.ts). */
  embedded_email_locks: { email: string; last_sent_at: Date }
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
  /** No longer written (failure limits use rate_counters); old rows are purged. */
  embedded_code_failures: { id: string; email: string; client_address: string; created_at: Generated<Date> }
  embedded_sessions: {
    token_hash: string
    user_id: string
    device_hash: string
    /** The project signed in for (migration 0009); null on rows older than it, which no request matches. */
    project_id: string | null
    expires_at: Date
    revoked_at: Date | null
    created_at: Generated<Date>
  }
}
