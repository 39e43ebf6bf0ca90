import type { ApiClient } from '../api/apiClient.ts'
import { ONRAMP_PURCHASE_SECRETS_HEADER } from '../protocol/onramp.ts'
import { storage } from '../walletconnect/walletStorage.ts'

/** A purchase this page made, with the secret the server answered for it (what reads the purchase). */
export type HeldPurchase = { id: string; secret: string }

/** How many purchases are kept per server, project and address, newest first (older ones drop out of Activity). */
export const HELD_PURCHASES_KEPT = 50

const held = new Map<string, HeldPurchase[]>()

/**
 * One list per Foyer server, project and address: the key is the server's own URL for the address's purchases,
 * which names all three (two sites on one origin, or one site's two servers, never share secrets).
 */
function keyOf(api: ApiClient, address: string): string {
  return `foyer.onramp.${api.url('/v1/onramp/purchases', { address: address.toLowerCase() })}`
}

const isHeld = (entry: unknown): entry is HeldPurchase =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as HeldPurchase).id === 'string' &&
  typeof (entry as HeldPurchase).secret === 'string'

/** The purchases (and their secrets) this page holds for `address`: from memory and the origin's localStorage. */
export function heldPurchases(api: ApiClient, address: string): HeldPurchase[] {
  const key = keyOf(api, address)
  let stored: HeldPurchase[] = []
  try {
    const raw = storage()?.getItem(key)
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) stored = parsed.filter(isHeld)
  } catch {
    // unreadable or blocked storage: what this page made since it opened
  }
  const all = [...(held.get(key) ?? []), ...stored]
  return all.filter((entry, i) => all.findIndex((e) => e.id === entry.id) === i).slice(0, HELD_PURCHASES_KEPT)
}

/** Keeps a new purchase's secret for `address` (in memory, and in localStorage where there is one). */
export function holdPurchase(api: ApiClient, address: string, purchase: HeldPurchase): void {
  const key = keyOf(api, address)
  const list = [purchase, ...heldPurchases(api, address).filter((e) => e.id !== purchase.id)].slice(
    0,
    HELD_PURCHASES_KEPT,
  )
  held.set(key, list)
  try {
    storage()?.setItem(key, JSON.stringify(list))
  } catch {
    // quota or blocked storage: kept for as long as the page is open
  }
}

/** The secret this page holds for purchase `id` (made since the page opened), if any. */
export function heldSecretOf(id: string): string | undefined {
  for (const list of held.values()) {
    const found = list.find((e) => e.id === id)
    if (found) return found.secret
  }
  return undefined
}

/** The header that lists the secrets this page holds for `address` (none: no header, and the server lists none). */
export function purchaseSecretsHeader(api: ApiClient, address: string): Record<string, string> {
  const secrets = heldPurchases(api, address).map((e) => e.secret)
  return secrets.length ? { [ONRAMP_PURCHASE_SECRETS_HEADER]: secrets.join(',') } : {}
}
