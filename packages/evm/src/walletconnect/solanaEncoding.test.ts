import { describe, expect, it } from 'vitest'
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from './solanaEncoding.ts'

describe('base58 and base64 for the Solana RPC', () => {
  it('matches known values: the System program, a dev address, leading zeros, empty input', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    expect(encodeBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(encodeBase58(Uint8Array.from([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe('11233QC4')
    expect(encodeBase58(new Uint8Array())).toBe('')
    expect(encodeBase64(new TextEncoder().encode('Foyer'))).toBe('Rm95ZXI=')
    expect(new TextDecoder().decode(decodeBase64('Rm95ZXI='))).toBe('Foyer')
  })

  it('round-trips 32- and 64-byte values and refuses characters outside the alphabet', () => {
    for (let seed = 0; seed < 50; seed++) {
      const bytes = Uint8Array.from({ length: seed % 2 ? 64 : 32 }, (_, i) => (seed * 131 + i * 17) % 256)
      if (seed % 5 === 0) bytes[0] = 0
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
      expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes)
    }
    expect(() => decodeBase58('0OIl')).toThrow(/Not base58/)
  })
})
