/**
 * The wallet key's 2-of-3 Shamir shares. Splitting and combining are the audited `shamir-secret-sharing`
 * library's (Cure53 and Zellic reviewed it); this file only converts between share formats and adds the one
 * operation the library lacks: `deriveShare`, the share at a chosen x recomputed from two others (a new device's
 * own share), written constant-time on gf256.ts.
 *
 * Our format (stored and sent as hex): `[x, y_0, …, y_31]`, x in 1..255, first. The library's: `[y_0, …, y_31, x]`.
 * Both work in the same field (AES polynomial 0x11b), so shares our earlier code made (x = 1, 2, 3) combine under
 * the library unchanged (shamir.differential.test.ts proves it with vectors that code made).
 */
import { combine, split } from 'shamir-secret-sharing'
import { gfDiv, gfMul } from './gf256.ts'

export type SplitOptions = { shares: number; threshold: number }

/** Splits `secret` with the library: random polynomial per byte, random distinct nonzero x per share. */
export async function splitSecret(secret: Uint8Array, { shares, threshold }: SplitOptions): Promise<Uint8Array[]> {
  // The library checks `constructor === Uint8Array`: a Buffer (a subclass) is copied into a plain array first.
  const plain = Uint8Array.from(secret)
  try {
    return (await split(plain, shares, threshold)).map(fromLibraryShare)
  } finally {
    plain.fill(0)
  }
}

/** Rebuilds the secret from at least two shares of ours, by the library's `combine`. */
export async function combineShares(shares: readonly Uint8Array[]): Promise<Uint8Array> {
  checkShares(shares)
  const converted = shares.map(toLibraryShare)
  try {
    return await combine(converted)
  } finally {
    for (const share of converted) share.fill(0)
  }
}

/**
 * The share at `x` (≠ 0, so never the secret) of the polynomial through `shares`: Lagrange evaluation
 * y(x) = Σ y_i · Π_{j≠i} (x − x_j) / (x_i − x_j). The basis values use only the public x coordinates; the y bytes
 * (secret) meet only constant-time multiplication and xor.
 */
export function deriveShare(shares: readonly Uint8Array[], x: number): Uint8Array {
  checkShares(shares)
  if (!Number.isInteger(x) || x < 1 || x > 255) throw new RangeError('the x of a share must be from 1 to 255')
  const xs = shares.map((s) => s[0]!)
  const out = new Uint8Array(shares[0]!.length)
  out[0] = x
  for (let i = 0; i < shares.length; i++) {
    let basis = 1
    for (let j = 0; j < shares.length; j++) if (j !== i) basis = gfMul(basis, gfDiv(x ^ xs[j]!, xs[i]! ^ xs[j]!))
    const share = shares[i]!
    for (let byte = 1; byte < out.length; byte++) out[byte] ^= gfMul(share[byte]!, basis)
  }
  return out
}

/** The smallest x no given share uses: where a new device's (or a re-shown recovery) share goes. */
export function unusedX(shares: readonly Uint8Array[]): number {
  const taken = new Set(shares.map((s) => s[0]))
  for (let x = 1; x <= 255; x++) if (!taken.has(x)) return x
  throw new RangeError('no free x coordinate')
}

/** `[x, ys…]` → `[ys…, x]`. */
export function toLibraryShare(share: Uint8Array): Uint8Array {
  const out = new Uint8Array(share.length)
  out.set(share.subarray(1), 0)
  out[share.length - 1] = share[0]!
  return out
}

/** `[ys…, x]` → `[x, ys…]`. */
export function fromLibraryShare(share: Uint8Array): Uint8Array {
  const out = new Uint8Array(share.length)
  out[0] = share[share.length - 1]!
  out.set(share.subarray(0, share.length - 1), 1)
  return out
}

function checkShares(shares: readonly Uint8Array[]) {
  if (shares.length < 2) throw new RangeError('at least two shares are needed')
  const length = shares[0]!.length
  if (length < 2 || shares.some((s) => s.length !== length)) throw new RangeError('the shares have different lengths')
  const xs = shares.map((s) => s[0]!)
  // The library would take x = 0 as the secret itself: refuse it here.
  if (xs.some((x) => x === 0) || new Set(xs).size !== xs.length)
    throw new RangeError('share x values must be distinct and non-zero')
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new TypeError('not an even-length hex string')
  return Uint8Array.from(hex.match(/../g)!, (b) => Number.parseInt(b, 16))
}
