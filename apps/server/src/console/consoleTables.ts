import type { Generated, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Row types of migration 0014_operators, added to the shared `Database` type where they are used. */
export type ConsoleTables = {
  operators: {
    id: string
    /** Case-folded (a check constraint keeps it so); unique. */
    email: string
    /** An scrypt string (operators/password.ts); null: this operator signs in by mailed link only. */
    password_hash: string | null
    failed_attempts: Generated<number>
    locked_until: Date | null
    link_sent_at: Date | null
    created_at: Generated<Date>
  }
  operator_sessions: {
    /** SHA-256 (hex) of the cookie's token. */
    token_hash: string
    operator_id: string
    created_at: Generated<Date>
    expires_at: Date
    last_seen_at: Generated<Date>
  }
  operator_sign_in_links: {
    /** SHA-256 (hex) of the mailed token. */
    token_hash: string
    operator_id: string
    created_at: Generated<Date>
    expires_at: Date
    used_at: Date | null
  }
}

export type ConsoleDb = Kysely<Database & ConsoleTables>
