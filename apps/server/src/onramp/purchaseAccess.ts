import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { ONRAMP_PURCHASE_SECRETS_HEADER } from '@foyer/core/protocol'

/**
 * Who may read an on-ramp purchase. The URL generator makes a random 32-byte secret per purchase, answers it to the
 * creating page once and stores only its SHA-256: the page sends it back (`x-foyer-purchase-secrets`, a
 * comma-separated list of the secrets it holds) to read the purchase and to list its purchases in history. The
 * provider's checkout reads the purchase with the checkout token of its URL (`x-foyer-checkout-token`), an HMAC of
 * the purchase id under the provider's secret, so the purchase id alone opens nothing.
 */
export const PURCHASE_SECRETS_HEADER = ONRAMP_PURCHASE_SECRETS_HEADER
export const CHECKOUT_TOKEN_HEADER = 'x-foyer-checkout-token'
/** At most this many secrets are read from one request (the rest are ignored). */
export const MAX_PURCHASE_SECRETS = 100

const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/

/** SHA-256 (hex) of a purchase secret, as stored in `onramp_purchases.secret_hash`. */
export function hashPurchaseSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** A new purchase secret (32 random bytes, base64url) and its hash. */
export function newPurchaseSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, hash: hashPurchaseSecret(secret) }
}

/** The hashes of the well-formed secrets a request's header lists (none without the header). */
export function secretHashesOf(header: string | undefined): string[] {
  if (!header) return []
  const secrets = header
    .split(',')
    .map((s) => s.trim())
    .filter((s) => SECRET_FORMAT.test(s))
  return [...new Set(secrets)].slice(0, MAX_PURCHASE_SECRETS).map(hashPurchaseSecret)
}

/** The checkout token of purchase `id` under the provider's secret: HMAC-SHA256 of `checkout:<id>`, base64url. */
export function checkoutToken(providerSecret: string, id: string): string {
  return createHmac('sha256', providerSecret).update(`checkout:${id}`).digest('base64url')
}

/** Whether `token` is purchase `id`'s checkout token (compared in constant time). */
export function checkoutTokenValid(providerSecret: string, id: string, token: string | undefined): boolean {
  if (!token || !SECRET_FORMAT.test(token)) return false
  const expected = Buffer.from(checkoutToken(providerSecret, id))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
