/**
 * Differential test against the audited library itself (called directly, no conversion of ours in between), and
 * the proof that shares made by our earlier, hand-written splitter (x = 1, 2, 3; git 1681842) still combine.
 */
import { randomBytes } from 'node:crypto'
import { combine, split } from 'shamir-secret-sharing'
import { describe, expect, it } from 'vitest'
import { combineShares, deriveShare, fromHex, fromLibraryShare, toHex, toLibraryShare, unusedX } from './shamir.ts'

/** Made by packages/embedded/src/keys/shamir.ts at commit 1681842 (our own GF(256) code), before the switch. */
const OLD_VECTORS = [
  {
    secret: '7c4472aa0217c43ea53719fa8a711cd2c20c3d5e44aa5db06283e9eb5b10d254',
    device: '012bf112bac6a2f0d6580bf6a5293c31216ec0d91b1b4b15d579d6591d0916594d',
    auth: '02d235b28a9166acf5444fdc44d7eb462f818feed4fa73cd7a5429921cff1cdf66',
    recovery: '038580d29a55d3981db973331b74a66bdc2d430a91a592851f4f7c22eaad1a547f',
    derivedAt7: '07c26249da683148906083a27cce89df3dab5eb79ec23bbe902333d41ffe024e1b',
  },
  {
    secret: '269c7e496a6668469b4f5eb77942d908b590c610ac38e0fded5abd2ddc458aff',
    device: '01a796547bc7009d62afa9933e1482be9b8f7b665e1b9616f6d9ba2d69c8a14d0d',
    auth: '023f882a2d2baa990ef398dfbea3d91735c15d9d8cd97f17eb858186a5f4961f00',
    recovery: '03be82001f86cc6c2ac77e1237ce1970a6fbb63dc26ed1e1e0b16116e1e072d8f2',
    derivedAt7: '078caaa8d7044f95ba17cb0b256134f7dc13378be1845f14cc61cc60eab0cfe917',
  },
]

describe('shares made by our earlier code (x = 1, 2, 3)', () => {
  it('combine to the same key under the audited library, every pair: existing wallets need no migration', async () => {
    for (const v of OLD_VECTORS) {
      const [device, auth, recovery] = [v.device, v.auth, v.recovery].map(fromHex)
      for (const pair of [
        [device, auth],
        [auth, recovery],
        [device, recovery],
        [recovery, device],
      ]) {
        expect(toHex(await combine(pair.map((s) => toLibraryShare(s!))))).toBe(v.secret)
        expect(toHex(await combineShares(pair as Uint8Array[]))).toBe(v.secret)
      }
    }
  })

  it('deriveShare gives what the earlier code derived, and the old device share back from auth + recovery', () => {
    for (const v of OLD_VECTORS) {
      const [auth, recovery] = [v.auth, v.recovery].map(fromHex)
      expect(toHex(deriveShare([auth!, recovery!], 7))).toBe(v.derivedAt7)
      expect(toHex(deriveShare([auth!, recovery!], unusedX([auth!, recovery!])))).toBe(v.device)
    }
  })
})

describe('deriveShare against the library, random cases', () => {
  it('2,000 random keys: the share derived from two library shares equals the third and combines with each', async () => {
    let wrong = 0
    for (let n = 0; n < 2_000; n++) {
      const secret = new Uint8Array(randomBytes(32))
      const library = await split(secret, 3, 2)
      const [a, b, c] = library.map(fromLibraryShare)
      if (toHex(deriveShare([a!, b!], c![0]!)) !== toHex(c!)) wrong++
      // A new device's share at the first x nobody holds, combined by the library with each original share.
      const fresh = toLibraryShare(deriveShare([b!, c!], unusedX([b!, c!])))
      for (const other of library) {
        if (other[32] === fresh[32]) continue
        if (toHex(await combine([fresh, other])) !== toHex(secret)) wrong++
      }
    }
    expect(wrong).toBe(0)
  })

  it('format conversion is a round trip and puts x where the library expects it', async () => {
    const library = await split(new Uint8Array(randomBytes(32)), 3, 2)
    for (const share of library) {
      const ours = fromLibraryShare(share)
      expect(ours[0]).toBe(share[32])
      expect(toHex(toLibraryShare(ours))).toBe(toHex(share))
    }
  })
})
