import { describe, expect, it } from 'vitest'
import { gfDiv, gfInverse, gfMul } from './gf256.ts'
import { combineShares, deriveShare, fromHex, splitSecret, toHex, unusedX } from './shamir.ts'

const secret = fromHex('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')

/** Textbook multiply (branches freely): the reference the constant-time one must match. */
function referenceMul(a: number, b: number): number {
  let p = 0
  for (let i = 0; i < 8; i++) {
    if (b & 1) p ^= a
    const high = a & 0x80
    a = (a << 1) & 0xff
    if (high) a ^= 0x1b
    b >>= 1
  }
  return p
}

describe('GF(256), constant-time', () => {
  it('multiplies like the AES field for every pair of bytes', () => {
    expect(gfMul(0x57, 0x83)).toBe(0xc1) // FIPS-197 §4.2 example
    expect(gfMul(0x57, 0x13)).toBe(0xfe)
    let mismatches = 0
    for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) if (gfMul(a, b) !== referenceMul(a, b)) mismatches++
    expect(mismatches).toBe(0)
  })

  it('inverts every nonzero byte and divides back', () => {
    for (let a = 1; a < 256; a++) expect(gfMul(a, gfInverse(a))).toBe(1)
    expect(gfInverse(0)).toBe(0)
    for (let a = 0; a < 256; a++) for (const b of [1, 2, 3, 0x53, 0xca, 0xff]) expect(gfDiv(gfMul(a, b), b)).toBe(a)
    expect(() => gfDiv(1, 0)).toThrow(/division by zero/)
  })
})

describe('2-of-3 Shamir', () => {
  it('rebuilds the secret from any two of the three shares', async () => {
    const [a, b, c] = await splitSecret(secret, { shares: 3, threshold: 2 })
    for (const pair of [
      [a, b],
      [a, c],
      [b, c],
      [c, a],
    ])
      expect(toHex(await combineShares(pair as Uint8Array[]))).toBe(toHex(secret))
  })

  it('puts x first, nonzero and distinct, and takes a Buffer as the secret', async () => {
    const shares = await splitSecret(Buffer.from(secret), { shares: 3, threshold: 2 })
    const xs = shares.map((s) => s[0])
    expect(shares.every((s) => s.length === 33)).toBe(true)
    expect(xs.every((x) => x! >= 1 && x! <= 255)).toBe(true)
    expect(new Set(xs).size).toBe(3)
  })

  it('one share alone says nothing: for a fixed share every secret byte has exactly one second share that yields it', async () => {
    // Threshold 2: y = a1·x + s. Fix the share (x = 1, y = 0x42); for each s, the share at x = 2 on that line.
    const fixed = Uint8Array.of(1, 0x42)
    const seen = new Set<number>()
    for (let s = 0; s < 256; s++) {
      const a1 = 0x42 ^ s
      const other = Uint8Array.of(2, gfMul(a1, 2) ^ s)
      const rebuilt = (await combineShares([fixed, other]))[0]!
      expect(rebuilt).toBe(s)
      seen.add(other[1]!)
    }
    expect(seen.size).toBe(256)
  })

  it('a share with a flipped byte or a single share does not rebuild the secret', async () => {
    const [a, b] = await splitSecret(secret, { shares: 3, threshold: 2 })
    const tampered = b!.slice()
    tampered[5] ^= 1
    expect(toHex(await combineShares([a!, tampered]))).not.toBe(toHex(secret))
    await expect(combineShares([a!])).rejects.toThrow(/two shares/)
    await expect(combineShares([a!, a!])).rejects.toThrow(/distinct/)
    await expect(combineShares([a!, Uint8Array.of(0, ...b!.subarray(1))])).rejects.toThrow(/non-zero/)
  })

  it('recomputes a lost share from the other two, and a new share at a free x', async () => {
    const [device, auth, recovery] = await splitSecret(secret, { shares: 3, threshold: 2 })
    expect(toHex(deriveShare([auth!, recovery!], device![0]!))).toBe(toHex(device!))
    const fresh = deriveShare([auth!, recovery!], unusedX([auth!, recovery!]))
    expect(toHex(await combineShares([fresh, auth!]))).toBe(toHex(secret))
    expect(() => deriveShare([auth!, recovery!], 0)).toThrow(/1 to 255/)
  })

  it('refuses bad parameters', async () => {
    await expect(splitSecret(secret, { shares: 3, threshold: 1 })).rejects.toThrow()
    await expect(splitSecret(secret, { shares: 1, threshold: 2 })).rejects.toThrow()
    await expect(splitSecret(new Uint8Array(), { shares: 3, threshold: 2 })).rejects.toThrow()
  })
})
