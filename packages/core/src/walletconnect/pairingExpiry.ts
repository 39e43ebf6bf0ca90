import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../constants.ts'

/** A pairing URI lives 4 minutes from its creation. */
export function pairingExpiresAt(createdAt: number): number {
  return createdAt + PAIRING_LIFETIME_MS
}

/** It counts as expired within its last 10 seconds, so a wallet never scans a URI that dies while pairing. */
export function isPairingExpired(createdAt: number, now = Date.now()): boolean {
  return now >= pairingExpiresAt(createdAt) - PAIRING_EXPIRY_MARGIN_MS
}

/** Milliseconds until the URI counts as expired and is renewed (0 when it already is). */
export function msUntilPairingRenewal(createdAt: number, now = Date.now()): number {
  return Math.max(0, pairingExpiresAt(createdAt) - PAIRING_EXPIRY_MARGIN_MS - now)
}
