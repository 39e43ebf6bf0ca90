/**
 * One-time sign-in links mailed to operators: `${FOYER_PUBLIC_URL}/console/?link=<token>`, valid LINK_TTL_MS, spent
 * by the one request that marks it used (a conditional update), so any number of parallel uses make one session.
 * Only the token's SHA-256 is stored. A mailbox gets at most one link per LINK_RESEND_MS (operatorStore's send slot).
 */
import type { Mail } from '../../embedded/mailer.ts'
import { newToken, sha256 } from '../../embedded/secrets.ts'
import type { ConsoleDb } from '../consoleTables.ts'
import { CONSOLE_PATH } from '../contract.ts'

export const LINK_TTL_MS = 15 * 60 * 1000
export const LINK_RESEND_MS = 60 * 1000
/** A link token: 32 random bytes, base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The address the mail points at: the console page, which posts the token to /session/link/use. */
export const signInLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${CONSOLE_PATH}/?link=${encodeURIComponent(token)}`

export const signInLinkMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Sign in to the Foyer console',
  text: `Open this link to sign in to the Foyer console:\n${link}\n\nIt works once, within ${LINK_TTL_MS / 60_000} minutes. If you did not ask to sign in, ignore this email.\n`,
})

/** Stores a new link for the operator; returns its token. */
export async function createLink(db: ConsoleDb, operatorId: string, now: Date): Promise<string> {
  const token = newToken()
  await db
    .insertInto('operator_sign_in_links')
    .values({
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: now,
      expires_at: new Date(now.getTime() + LINK_TTL_MS),
      used_at: null,
    })
    .execute()
  return token
}

export async function deleteLink(db: ConsoleDb, token: string): Promise<void> {
  await db.deleteFrom('operator_sign_in_links').where('token_hash', '=', sha256(token)).execute()
}

/** Spends the link in one conditional update; its operator's id, or undefined when unknown, used or expired. */
export async function spendLink(db: ConsoleDb, token: string, now: Date): Promise<string | undefined> {
  if (!LINK_TOKEN.test(token)) return undefined
  const row = await db
    .updateTable('operator_sign_in_links')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('operator_id')
    .executeTakeFirst()
  return row?.operator_id
}
