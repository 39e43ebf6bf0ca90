/**
 * readTokenBalance.ts decodes the three ERC-20 answers itself (viem's ABI decoder in that lazy chunk made the
 * bundler split the page's entry; see the file's header). This test holds its decoders to viem's: every valid
 * encoding reads as viem reads it, and whatever they accept from random words, viem reads the same way.
 */
import { bytesToHex, decodeAbiParameters, encodeAbiParameters, type Hex, hexToString, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeSymbol, decodeUint } from './readTokenBalance.ts'

/** A small seeded generator, so a failure names the case it met and a rerun meets it again. */
function randomSource(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
  const int = (below: number) => Math.floor(next() * below)
  const bytes = (length: number) => Uint8Array.from({ length }, () => int(256))
  return { next, int, bytes }
}

const words = (hex: Hex) => hex.slice(2).match(/.{64}/g) ?? []
const random = randomSource(20261127)
const alphabet = ['A', 'z', '0', '-', 'é', 'Ω', '€', '🦊', ' ', '.']
const randomText = (length: number) => Array.from({ length }, () => alphabet[random.int(alphabet.length)]).join('')

describe('the ERC-20 answer decoders against viem', () => {
  it('uint8 and uint256: the same value for every valid word, refused where viem’s range ends', () => {
    const values = [0n, 1n, 18n, 255n, 2n ** 255n, 2n ** 256n - 1n]
    for (let i = 0; i < 300; i++) values.push(BigInt(bytesToHex(random.bytes(1 + random.int(32)))))
    for (const value of values) {
      const [word] = words(encodeAbiParameters([{ type: 'uint256' }], [value]))
      expect(decodeUint(word, 256)).toBe(decodeAbiParameters([{ type: 'uint256' }], `0x${word}`)[0])
      if (value < 256n)
        expect(BigInt(decodeUint(word, 8))).toBe(BigInt(decodeAbiParameters([{ type: 'uint8' }], `0x${word}`)[0]))
      else expect(() => decodeUint(word, 8)).toThrow()
    }
  })

  it('an ABI string: the same text for every symbol of 0 to 64 bytes', () => {
    for (let i = 0; i < 300; i++) {
      const symbol = randomText(random.int(17))
      if (new TextEncoder().encode(symbol).length > 64) continue
      const encoded = encodeAbiParameters([{ type: 'string' }], [symbol])
      expect(decodeSymbol(words(encoded))).toBe(decodeAbiParameters([{ type: 'string' }], encoded)[0])
    }
  })

  it('a bytes32 symbol: the text viem reads from the 32 bytes without their trailing zeros', () => {
    for (let i = 0; i < 200; i++) {
      const symbol = randomText(1 + random.int(7))
      const word = stringToHex(symbol, { size: 32 })
      expect(decodeSymbol(words(word))).toBe(hexToString(word, { size: 32 }))
    }
  })

  it('random answers: what the decoder accepts, viem decodes to the same string', () => {
    let accepted = 0
    for (let i = 0; i < 2_000; i++) {
      // Mostly near-valid: an offset of 32 and a small length, then random bytes; sometimes anything at all.
      const count = 2 + random.int(3)
      const answer = Array.from({ length: count }, () => bytesToHex(random.bytes(32)).slice(2))
      if (random.next() < 0.8) answer[0] = (32).toString(16).padStart(64, '0')
      if (random.next() < 0.8) answer[1] = random.int(70).toString(16).padStart(64, '0')
      let ours: string | undefined
      try {
        ours = decodeSymbol(answer)
      } catch {
        continue
      }
      accepted++
      expect(ours).toBe(decodeAbiParameters([{ type: 'string' }], `0x${answer.join('')}`)[0])
    }
    expect(accepted).toBeGreaterThan(100)
  })
})
