/**
 * Strict email addresses for the embedded wallet. The address we key limits on must be the address the mail goes
 * to: the input must fit a conservative grammar (RFC 5322 dot-atom local part, LDH domain labels: `toPlainEmail`, the
 * request schemas' check in `@foyer/core/protocol`), and nodemailer's own parser (the one that decides delivery) must
 * also read it as exactly one plain mailbox equal to it.
 * So `alice<victim@example.com>`, `(c)victim@example.com` or `a;victim@example.com` — all delivered to
 * victim@example.com — are refused instead of slipping past the per-email lock under another spelling.
 */
import { toPlainEmail } from '@foyer/core/protocol'
import addressparser from 'nodemailer/lib/addressparser'

/** The normalised (trimmed, lowercased) address, or undefined when the input is not one plain address. */
export function normalizeEmail(input: unknown): string | undefined {
  const email = toPlainEmail(input)
  if (email === undefined) return undefined
  const parsed = addressparser(email)
  if (parsed.length !== 1) return undefined
  const [only] = parsed
  if (!only || ('group' in only && only.group !== undefined)) return undefined
  if (only.name !== '' || only.address !== email) return undefined
  return email
}

/**
 * The mailbox a normalised address delivers to, for limits that must hold per inbox: the local part up to its
 * first `+` (sub-addressing: `alice+1@example.com` and `alice+2@example.com` both reach `alice@example.com`'s inbox at
 * the common providers), then `@` and the domain. `normalizeEmail` already case-folded the whole address. A local
 * part that starts with `+` is kept whole, as there is nothing before the tag.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const plus = local.indexOf('+')
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`.toLowerCase()
}
