import { describe, expect, it } from 'vitest'
import { combineShares, deriveShare, fromHex, gfDiv, gfMul, splitSecret, toHex } from './shamir.ts'

const secret = fromHex('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')

describe('GF(256)', () => {
  it('multiplies like the AES field and divides back', () => {
    expect(gfMul(0x57, 0x83)).toBe(0xc1) // FIPS-197 §4.2 example
    expect(gfMul(0x57, 0x13)).toBe(0xfe)
    for (let a = 1; a < 256; a++) for (const b of [1, 2, 3, 0x53, 0xca, 0xff]) expect(gfDiv(gfMul(a, b), b)).toBe(a)
  })
})

describe('2-of-3 Shamir', () => {
  it('rebuilds the secret from any two of the three shares', () => {
    const [a, b, c] = splitSecret(secret, { shares: 3, threshold: 2 })
    for (const pair of [[a, b], [a, c], [b, c], [c, a]]) expect(toHex(combineShares(pair as Uint8Array[]))).toBe(toHex(secret))
  })

  it('one share alone says nothing: for one fixed share every secret byte is equally possible', () => {
    // With threshold 2 each byte is y = a1·x + s. Fix x = 1 and y: every s has exactly one a1 giving that y.
    const counts = new Map<number, number>()
    for (let a1 = 0; a1 < 256; a1++) {
      const [share] = splitSecret(Uint8Array.of(0x42), { shares: 1 + 2, threshold: 2, random: () => Uint8Array.of(a1) })
      counts.set(share![1]!, (counts.get(share![1]!) ?? 0) + 1)
    }
    expect(counts.size).toBe(256)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
  })

  it('a share with a flipped byte or a single share does not rebuild the secret', () => {
    const [a, b] = splitSecret(secret, { shares: 3, threshold: 2 })
    const tampered = b!.slice()
    tampered[5] ^= 1
    expect(toHex(combineShares([a!, tampered]))).not.toBe(toHex(secret))
    expect(() => combineShares([a!])).toThrow(/two shares/)
    expect(() => combineShares([a!, a!])).toThrow(/distinct/)
  })

  it('recomputes a lost share from the other two', () => {
    const [device, auth, recovery] = splitSecret(secret, { shares: 3, threshold: 2 })
    expect(toHex(deriveShare([auth!, recovery!], 1))).toBe(toHex(device!))
  })

  it('refuses bad parameters', () => {
    expect(() => splitSecret(secret, { shares: 3, threshold: 1 })).toThrow()
    expect(() => splitSecret(secret, { shares: 1, threshold: 2 })).toThrow()
    expect(() => splitSecret(new Uint8Array(), { shares: 3, threshold: 2 })).toThrow()
  })
})
