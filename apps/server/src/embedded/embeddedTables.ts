import type { Generated } from 'kysely'

/**
 * Row types of migrations 0003 (embedded-wallet auth), 0004 (hardening), 0009 (sessions per project), 0011
 * (social login and Farcaster) and 0012 (a flow's site).
 */
export type EmbeddedTables = {
  embedded_users: {
    id: string
    /** Null for a person who signed in only with a provider that gave no verified email. */
    email: string | null
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
    /** The identity this session signed in with (`embedded_identities`); null for an email code. */
    login_provider: string | null
    login_subject: string | null
  }
  /** A provider account bound to a user: what the provider said of it at the last sign-in. */
  embedded_identities: {
    provider: string
    subject: string
    user_id: string
    email: string | null
    email_verified: Generated<boolean>
    username: string | null
    display_name: string | null
    avatar_url: string | null
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  /**
   * One social or Farcaster sign-in in progress. `status`: `pending` until the provider answers, `exchanging` while
   * one request turns the callback's code into an identity, then `done` (session issued), `link` (waiting for the
   * person's yes to add the identity to the account with its email) or `failed` (`error` says why).
   */
  embedded_social_flows: {
    id: string
    token_hash: string
    project_id: string
    provider: string
    device_hash: string
    /** The site the flow was started for (migration 0012). */
    site_origin: string | null
    state: string | null
    code_verifier: string | null
    nonce: string | null
    channel_token: string | null
    status: Generated<'pending' | 'exchanging' | 'done' | 'link' | 'failed'>
    /** The verified identity, as JSON (jsonb), once the provider vouched for it. */
    identity: unknown | null
    user_id: string | null
    error: string | null
    expires_at: Date
    created_at: Generated<Date>
    finished_at: Date | null
  }
}
