import type { FoyerDatabase } from '../db/index.ts'
import { withSiweTables } from './siweTables.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes sign-in rows nothing needs any more: nonces expired or used over a day ago (a replay of one is still
 * refused: an unknown nonce is `invalid_nonce` too) and sessions expired over a day ago (their tokens are refused on
 * `exp` alone). Signing keys stay: they are few and the JWKS decides which are published. Run by the purge timer
 * (maintenance/purge.ts); idempotent, so every instance may run it.
 */
export async function purgeSiwe(database: FoyerDatabase, now: Date = new Date()) {
  const db = withSiweTables(database)
  const dayAgo = new Date(now.getTime() - DAY_MS)
  const nonces = await db
    .deleteFrom('siwe_nonces')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)]))
    .executeTakeFirst()
  const sessions = await db.deleteFrom('siwe_sessions').where('expires_at', '<', dayAgo).executeTakeFirst()
  return { siweNonces: Number(nonces.numDeletedRows), siweSessions: Number(sessions.numDeletedRows) }
}
