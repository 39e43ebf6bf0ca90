import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSiweMessage } from './formatSiweMessage.ts'
import type { SiweMessageParameters } from './siweTypes.ts'

// Differential test: the hand-written formatter against viem's createSiweMessage (the reference implementation the
// server's parseSiweMessage belongs to), for the fields Foyer fills.
const address = privateKeyToAccount(`0x${'11'.repeat(32)}`).address
const base: SiweMessageParameters = {
  domain: 'shop.example:5173',
  uri: 'http://shop.example:5173',
  address,
  chainId: 31337,
  nonce: 'k2Vb7pQx9LmN4rT8wY3z',
  version: '1',
  issuedAt: new Date('2026-11-25T18:00:00.123Z'),
}

describe('formatSiweMessage', () => {
  const cases: [string, SiweMessageParameters][] = [
    [
      'every field',
      { ...base, statement: 'Sign in to Shop with this account.', expirationTime: new Date('2026-11-26T18:00:00Z') },
    ],
    ['no statement', { ...base, expirationTime: new Date('2026-11-26T18:00:00Z') }],
    ['no expiry', { ...base, statement: 'Iniciar sesión en «Tienda» — ñ 😀' }],
    ['a large chain id', { ...base, chainId: 2147483647, domain: 'localhost', uri: 'https://localhost/app?x=1' }],
  ]
  it.each(cases)('writes what viem writes: %s', (_, parameters) => {
    const ours = formatSiweMessage(parameters)
    expect(ours).toBe(createSiweMessage(parameters))
    const parsed = parseSiweMessage(ours)
    expect(parsed).toMatchObject({
      address: parameters.address,
      chainId: parameters.chainId,
      domain: parameters.domain,
      nonce: parameters.nonce,
      uri: parameters.uri,
      version: '1',
    })
    expect(parsed.statement).toBe(parameters.statement)
  })

  it('refuses a statement over two lines, which would change the fields a wallet reads', () => {
    expect(() => formatSiweMessage({ ...base, statement: 'one\nURI: https://evil.example' })).toThrow(/one line/)
  })
})
