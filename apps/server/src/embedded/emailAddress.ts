/**
 * Strict email addresses for the embedded wallet. The address we key limits on must be the address the mail goes
 * to: nodemailer's own parser (the one that decides delivery) must read the input as exactly one plain mailbox equal
 * to the input, and the input must also fit a conservative grammar (RFC 5322 dot-atom local part, LDH domain labels).
 * So `alice<victim@example.com>`, `(c)victim@example.com` or `a;victim@example.com` — all delivered to
 * victim@example.com — are refused instead of slipping past the per-email lock under another spelling.
 */
import addressparser from 'nodemailer/lib/addressparser'

const MAX_LENGTH = 254
const LOCAL_PART_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL_RE = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

/** The normalised (trimmed, lowercased) address, or undefined when the input is not one plain address. */
export function normalizeEmail(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined
  const email = input.trim().toLowerCase()
  if (email.length === 0 || email.length > MAX_LENGTH) return undefined
  const at = email.lastIndexOf('@')
  if (at <= 0 || at !== email.indexOf('@')) return undefined
  const local = email.slice(0, at)
  const labels = email.slice(at + 1).split('.')
  if (local.length > 64 || !LOCAL_PART_RE.test(local)) return undefined
  // At least two labels, each LDH; a numeric top-level label would let an IPv4 address through as a domain.
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL_RE.test(label)) || /^\d+$/.test(labels.at(-1)!))
    return undefined
  const parsed = addressparser(email)
  if (parsed.length !== 1) return undefined
  const [only] = parsed
  if (!only || ('group' in only && only.group !== undefined)) return undefined
  if (only.name !== '' || only.address !== email) return undefined
  return email
}
