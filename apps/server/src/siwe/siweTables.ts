import type { Generated, Kysely } from 'kysely'
import type { FoyerDatabase } from '../db/index.ts'

/** Row types of migrations 0005 and 0008 (sign-in with Ethereum). */
export type SiweTables = {
  siwe_nonces: {
    nonce: string
    project_id: string
    expires_at: Date
    used_at: Date | null
    created_at: Generated<Date>
  }
  siwe_signing_keys: {
    kid: string
    generation: number
    /** The public JWK, JSON text. */
    public_jwk: string
    /** The private JWK: JSON text, or (when `encrypted`) a compact JWE of it. */
    private_jwk: string
    encrypted: boolean
    created_at: Generated<Date>
  }
  siwe_sessions: {
    /** The token's `jti`. */
    id: string
    project_id: string
    /** Checksummed. */
    address: string
    /** int8: read back as text. */
    chain_id: string | number
    nonce: string
    kid: string
    /** SHA-256 (hex) of the token string handed out; null only for rows older than migration 0008. */
    token_sha256: string | null
    expires_at: Date
    revoked_at: Date | null
    created_at: Generated<Date>
  }
}

export type SiweDb = Kysely<SiweTables>

export const withSiweTables = (database: FoyerDatabase): SiweDb =>
  database.kysely.withTables<SiweTables>() as unknown as SiweDb
