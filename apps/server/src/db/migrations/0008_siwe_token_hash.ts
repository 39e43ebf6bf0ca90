import type { Kysely } from 'kysely'

// Sign-in with Ethereum: each session row keeps the SHA-256 (hex) of the one token string handed out for it, and
// the session routes compare it, so a token re-encoded or re-signed from the same signature (an ECDSA signature
// with s → n − s, a base64url letter whose ignored bits differ) is not the session's token. Rows made before this
// column existed have none and no token matches them: those sign-ins end at the upgrade (a token lives 24 hours).
// Since this change a verify spends its nonce (siwe_nonces.used_at) before the signature is checked, whatever the
// answer.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('siwe_sessions').addColumn('token_sha256', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('siwe_sessions').dropColumn('token_sha256').execute()
}
