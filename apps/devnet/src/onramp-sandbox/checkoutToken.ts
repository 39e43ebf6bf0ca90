/**
 * The checkout token: what the Foyer server puts in a purchase's checkout URL (`token=`) and what the sandbox asks
 * for before it shows the purchase, takes a payment for it or tells its status: HMAC-SHA256 of `checkout:<id>` under
 * the secret the sandbox shares with the server (its webhook secret), base64url. The purchase id alone opens nothing.
 * The sandbox reads the purchase from the server with it (`x-foyer-checkout-token`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const CHECKOUT_TOKEN_HEADER = 'x-foyer-checkout-token'

export function checkoutToken(secret: string, purchaseId: string): string {
  return createHmac('sha256', secret).update(`checkout:${purchaseId}`).digest('base64url')
}

/** Whether `token` is the checkout token of `purchaseId` (compared in constant time). */
export function checkoutTokenValid(secret: string, purchaseId: string, token: unknown): token is string {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false
  const expected = Buffer.from(checkoutToken(secret, purchaseId))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
