/**
 * Shamir's secret sharing over GF(2^8) (the AES field, reduction polynomial x^8+x^4+x^3+x+1), byte by byte.
 * A share is `[x, y_0, y_1, …]`: x in 1..255 and one y per secret byte. Any `threshold` distinct shares rebuild
 * the secret; fewer reveal nothing about it (every secret is equally likely given threshold − 1 shares).
 */
const EXP = new Uint8Array(510)
const LOG = new Uint8Array(256)
{
  let value = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = value
    LOG[value] = i
    // multiply by the generator 3: value * 2 (xtime) xor value
    value ^= (value << 1) ^ (value & 0x80 ? 0x11b : 0)
    value &= 0xff
  }
  for (let i = 255; i < 510; i++) EXP[i] = EXP[i - 255]!
}

export function gfMul(a: number, b: number): number {
  if (a === 0 || b === 0) return 0
  return EXP[LOG[a]! + LOG[b]!]!
}

export function gfDiv(a: number, b: number): number {
  if (b === 0) throw new RangeError('division by zero in GF(256)')
  if (a === 0) return 0
  return EXP[LOG[a]! + 255 - LOG[b]!]!
}

export type SplitOptions = { shares: number; threshold: number; random?: (length: number) => Uint8Array }

const defaultRandom = (length: number) => crypto.getRandomValues(new Uint8Array(length))

/** Splits `secret` into `shares` shares, `threshold` of which rebuild it. Share i gets x = i + 1. */
export function splitSecret(secret: Uint8Array, { shares, threshold, random = defaultRandom }: SplitOptions): Uint8Array[] {
  if (!Number.isInteger(threshold) || threshold < 2) throw new RangeError('threshold must be an integer of at least 2')
  if (!Number.isInteger(shares) || shares < threshold || shares > 255) throw new RangeError('shares must be from threshold to 255')
  if (secret.length === 0) throw new RangeError('the secret is empty')
  const out = Array.from({ length: shares }, (_, i) => {
    const share = new Uint8Array(secret.length + 1)
    share[0] = i + 1
    return share
  })
  // One random polynomial per byte: a_0 = the byte, a_1..a_{t-1} random.
  const coefficients = random(secret.length * (threshold - 1))
  for (let byte = 0; byte < secret.length; byte++) {
    for (const share of out) {
      const x = share[0]!
      // Horner: ((a_{t-1} x + a_{t-2}) x + …) x + a_0
      let y = 0
      for (let k = threshold - 1; k >= 1; k--) y = gfMul(y, x) ^ coefficients[byte * (threshold - 1) + (k - 1)]!
      share[byte + 1] = gfMul(y, x) ^ secret[byte]!
    }
  }
  coefficients.fill(0)
  return out
}

/** The polynomial's value at `atX` from the given shares (Lagrange interpolation). `atX = 0` is the secret. */
export function interpolateShares(shares: readonly Uint8Array[], atX = 0): Uint8Array {
  if (shares.length < 2) throw new RangeError('at least two shares are needed')
  const length = shares[0]!.length
  const xs = shares.map((s) => s[0]!)
  if (shares.some((s) => s.length !== length)) throw new RangeError('the shares have different lengths')
  if (xs.some((x) => x === 0) || new Set(xs).size !== xs.length) throw new RangeError('share x values must be distinct and non-zero')
  if (xs.includes(atX)) return shares[xs.indexOf(atX)]!.slice(1)
  const out = new Uint8Array(length - 1)
  for (let i = 0; i < shares.length; i++) {
    // basis_i(atX) = Π_{j≠i} (atX − x_j) / (x_i − x_j); subtraction is xor in GF(2^8)
    let basis = 1
    for (let j = 0; j < shares.length; j++) {
      if (i === j) continue
      basis = gfMul(basis, gfDiv(atX ^ xs[j]!, xs[i]! ^ xs[j]!))
    }
    for (let byte = 0; byte < out.length; byte++) out[byte] ^= gfMul(shares[i]![byte + 1]!, basis)
  }
  return out
}

/** Rebuilds the secret from at least `threshold` shares. */
export function combineShares(shares: readonly Uint8Array[]): Uint8Array {
  return interpolateShares(shares, 0)
}

/** The share with x = `x`, recomputed from enough other shares (a new device's copy of the device share). */
export function deriveShare(shares: readonly Uint8Array[], x: number): Uint8Array {
  const share = new Uint8Array(shares[0]!.length)
  share[0] = x
  share.set(interpolateShares(shares, x), 1)
  return share
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new TypeError('not an even-length hex string')
  return Uint8Array.from(hex.match(/../g)!, (b) => Number.parseInt(b, 16))
}
