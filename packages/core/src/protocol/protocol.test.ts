import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isEvmAddress } from '../validation/validation.ts'
import {
  AccountAddressParams,
  AccountBalanceQuery,
  AccountHistoryQuery,
  BalanceAccountAddress,
  BalanceChainId,
  CaipAccountId,
  ChainIdParam,
  Currency,
  DEFAULT_FEATURES,
  EmailStartBody,
  EVM_ADDRESS_PATTERN,
  EvmAddress,
  EvmChainId,
  FungiblePriceBody,
  GetWalletsQuery,
  HISTORY_PAGE_SIZE,
  HistoryEntry,
  isSolanaAddress,
  LooseEvmAddress,
  MAX_HISTORY_PAGE_SIZE,
  MAX_PRICE_ADDRESSES,
  MAX_UINT256,
  PositiveAmount,
  SignOutBody,
  SwapBuildTransactionBody,
  SwapQuoteQuery,
  toEvmAddress,
  toPlainEmail,
} from './index.ts'
import { base58ByteLength } from './primitives.ts'

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ok = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success
const messages = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.map((issue) => issue.message) ?? []

describe('addresses', () => {
  it('EvmAddress: 0x and exactly 40 hex digits, any case', () => {
    expect(ok(EvmAddress, ADDRESS)).toBe(true)
    expect(ok(EvmAddress, ADDRESS.toLowerCase())).toBe(true)
    expect(ok(EvmAddress, ADDRESS.toUpperCase().replace('0X', '0x'))).toBe(true)
    for (const bad of [ADDRESS.slice(2), `${ADDRESS}0`, ADDRESS.slice(0, -1), `${ADDRESS.slice(0, -1)}g`, '', 42, null])
      expect([bad, ok(EvmAddress, bad)]).toEqual([bad, false])
    expect(messages(EvmAddress, 42)).toEqual(['must be an address (0x and 40 hex digits)'])
  })

  it('LooseEvmAddress takes the spec rule (0x optional) and lower-cases', () => {
    expect(v.parse(LooseEvmAddress, ADDRESS.slice(2))).toBe(ADDRESS.toLowerCase())
    expect(v.parse(LooseEvmAddress, `0X${ADDRESS.slice(2)}`)).toBe(ADDRESS.toLowerCase())
    expect(messages(LooseEvmAddress, '0x123')).toEqual([
      'must be an EVM address: 40 hex characters with an optional 0x prefix',
    ])
    expect(toEvmAddress(123)).toBeUndefined()
  })

  it('BalanceAccountAddress: an EVM address or a Solana key (32 bytes of base58), the problem told by its look', () => {
    const sol = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
    expect(v.parse(BalanceAccountAddress, ADDRESS)).toEqual({ evm: ADDRESS.toLowerCase() })
    expect(v.parse(BalanceAccountAddress, sol)).toEqual({ solana: sol })
    expect(base58ByteLength(sol)).toBe(32)
    expect(base58ByteLength('11111111111111111111111111111111')).toBe(32)
    // 44 base58 characters that are 33 bytes; 31 characters; a letter base58 leaves out (l).
    for (const bad of ['zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', 'z'.repeat(31), `${sol.slice(0, -1)}l`])
      expect([bad, isSolanaAddress(bad), messages(BalanceAccountAddress, bad)]).toEqual([
        bad,
        false,
        [
          'must be an EVM address (40 hex characters, 0x optional) or a Solana address (base58 of a 32-byte key, 32 to 44 characters)',
        ],
      ])
    expect(messages(BalanceAccountAddress, '0x12')).toEqual([
      'must be an EVM address: 40 hex characters with an optional 0x prefix',
    ])
  })

  it('BalanceChainId: an EVM chain id as ChainIdParam reads it, or solana: and 32 base58 characters', () => {
    expect(v.parse(BalanceChainId, 'eip155:31337')).toBe(31337)
    expect(v.parse(BalanceChainId, ' solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp ')).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
    expect(messages(BalanceChainId, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc')).toEqual([
      'must be a Solana CAIP-2 chain id: solana: and 32 base58 characters',
    ])
    expect(messages(BalanceChainId, '0')).toEqual(['must be a chain id like 31337 or eip155:31337'])
  })

  it('the UI check and the API share one pattern', () => {
    expect(EVM_ADDRESS_PATTERN.test(ADDRESS)).toBe(true)
    expect(isEvmAddress(ADDRESS)).toBe(true)
    expect(isEvmAddress(ADDRESS.slice(2))).toBe(true)
    expect(isEvmAddress(`0X${ADDRESS.slice(2)}`)).toBe(false)
    expect(isEvmAddress(`${ADDRESS}0`)).toBe(false)
  })

  it('CaipAccountId splits into chain id and address', () => {
    expect(v.parse(CaipAccountId, `eip155:31337:${ADDRESS}`)).toEqual({ chainId: 31337, address: ADDRESS })
    for (const bad of [ADDRESS, `eip155:0:${ADDRESS}`, `solana:1:${ADDRESS}`, `eip155:1:${ADDRESS}:x`])
      expect([bad, ok(CaipAccountId, bad)]).toEqual([bad, false])
  })
})

describe('chain ids', () => {
  it('EvmChainId: text, eip155:-prefixed or bare, 1 to 16 digits, no leading zero', () => {
    expect(v.parse(EvmChainId, 'eip155:31337')).toBe(31337)
    expect(v.parse(EvmChainId, '1')).toBe(1)
    for (const bad of ['0', '01', 'eip155:', '1'.repeat(17), 'eip155:-1', 1, ' 1'])
      expect([bad, ok(EvmChainId, bad)]).toEqual([bad, false])
  })

  it('ChainIdParam also takes numbers from a JSON body and trims text, but only safe positive integers', () => {
    expect(v.parse(ChainIdParam, 31337)).toBe(31337)
    expect(v.parse(ChainIdParam, ' eip155:10 ')).toBe(10)
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '9'.repeat(16), 'abc', null, true])
      expect([bad, messages(ChainIdParam, bad)]).toEqual([bad, ['must be a chain id like 31337 or eip155:31337']])
  })
})

describe('amounts', () => {
  const amount = (input: unknown) => v.safeParse(PositiveAmount, input)

  it('is a positive integer up to MAX_UINT256, as text or a safe integer; the output is a bigint', () => {
    expect(amount('1').output).toBe(1n)
    expect(amount(1).output).toBe(1n)
    expect(amount(MAX_UINT256.toString()).output).toBe(MAX_UINT256)
    expect(amount('0'.repeat(78)).success).toBe(false) // zero, however written
  })

  it('refuses 0, MAX_UINT256 + 1, 79 digits, fractions, signs and unsafe numbers', () => {
    const message = 'must be a positive integer amount in the token’s smallest unit'
    for (const bad of [
      '0',
      0,
      (MAX_UINT256 + 1n).toString(),
      '1'.repeat(79),
      '1.5',
      1.5,
      '-1',
      '+1',
      ' 1',
      '',
      '0x10',
      '1e3',
      Number.MAX_SAFE_INTEGER + 1,
      1n,
      null,
    ])
      expect([bad, messages(PositiveAmount, bad)]).toEqual([bad, [message]])
  })

  it('the convert body checks its slippage bounds', () => {
    const body = (slippage: unknown) => ({
      from: `eip155:1:${ADDRESS}`,
      to: `eip155:1:${ADDRESS}`,
      amount: '1',
      userAddress: `eip155:1:${ADDRESS}`,
      eip155: { slippage },
    })
    expect(ok(SwapBuildTransactionBody, body(0))).toBe(true)
    expect(ok(SwapBuildTransactionBody, body(50))).toBe(true)
    expect(ok(SwapBuildTransactionBody, body(50.01))).toBe(false)
    expect(ok(SwapBuildTransactionBody, body('1'))).toBe(false)
    expect(ok(SwapQuoteQuery, { from: `eip155:1:${ADDRESS}`, to: `eip155:1:${ADDRESS}`, amount: '1' })).toBe(true)
  })
})

describe('account data requests', () => {
  it('balance: currency usd in any case (absent, null or empty too), chainId optional, forceUpdate', () => {
    expect(v.parse(AccountBalanceQuery, {})).toEqual({
      currency: 'usd',
      chainId: undefined,
      forceUpdate: { fresh: false },
    })
    expect(v.parse(Currency, 'USD')).toBe('usd')
    expect(v.parse(Currency, null)).toBe('usd')
    expect(messages(Currency, 'eur')).toEqual(['must be "usd", the only currency supported'])
    expect(messages(Currency, 1)).toEqual(['must be "usd", the only currency supported'])
    expect(v.parse(AccountBalanceQuery, { chainId: '', forceUpdate: '1' })).toMatchObject({
      chainId: undefined,
      forceUpdate: { fresh: true },
    })
    expect(v.parse(AccountBalanceQuery, { forceUpdate: `eip155:31337:${ADDRESS}` }).forceUpdate).toEqual({
      fresh: true,
      token: ADDRESS.toLowerCase(),
    })
    expect(messages(AccountBalanceQuery, { forceUpdate: 'maybe' })).toEqual(['must be true, false or a token address'])
    expect(v.parse(AccountAddressParams, { address: ADDRESS.slice(2) }).address).toBe(ADDRESS.toLowerCase())
  })

  it('history: limit 1 to MAX, default when absent or empty; onramp provider ids', () => {
    expect(v.parse(AccountHistoryQuery, {}).limit).toBe(HISTORY_PAGE_SIZE)
    expect(v.parse(AccountHistoryQuery, { limit: '' }).limit).toBe(HISTORY_PAGE_SIZE)
    expect(v.parse(AccountHistoryQuery, { limit: String(MAX_HISTORY_PAGE_SIZE) }).limit).toBe(MAX_HISTORY_PAGE_SIZE)
    for (const bad of ['0', String(MAX_HISTORY_PAGE_SIZE + 1), '1.0', '-1', '0001', 'x'])
      expect([bad, ok(AccountHistoryQuery, { limit: bad })]).toEqual([bad, false])
    expect(v.parse(AccountHistoryQuery, { onramp: 'coinbase', cursor: '' })).toMatchObject({
      onramp: 'coinbase',
      cursor: undefined,
    })
    expect(messages(AccountHistoryQuery, { onramp: '<x>' })).toEqual([
      'must be an on-ramp provider id (lower-case letters, digits, hyphen)',
    ])
  })

  it('fungible price: 1 to MAX token ids, CAIP-10 or bare', () => {
    expect(v.parse(FungiblePriceBody, { addresses: [`eip155:1:${ADDRESS}`, ADDRESS.slice(2)] })).toEqual({
      currency: 'usd',
      addresses: [{ chainId: 1, address: ADDRESS.toLowerCase() }, { address: ADDRESS.toLowerCase() }],
    })
    const tooMany = Array(MAX_PRICE_ADDRESSES + 1).fill(ADDRESS)
    for (const addresses of [[], tooMany, 'x', [1], [`eip155:0:${ADDRESS}`], [`solana:1:${ADDRESS}`]])
      expect(ok(FungiblePriceBody, { addresses })).toBe(false)
    expect(messages(FungiblePriceBody, 'x')).toEqual(['send a JSON body {projectId, currency, addresses}'])
  })
})

describe('catalogue query', () => {
  it('defaults, bounds and lists', () => {
    expect(v.parse(GetWalletsQuery, {})).toEqual({ page: 1, entries: 40 })
    expect(v.parse(GetWalletsQuery, { chains: 'eip155:1, solana', include: '', exclude: 'a,,b' })).toEqual({
      page: 1,
      entries: 40,
      chains: ['eip155', 'solana'],
      include: undefined,
      exclude: ['a', 'b'],
    })
    expect(messages(GetWalletsQuery, { entries: '101' })).toEqual(['must be an integer between 1 and 100'])
    expect(messages(GetWalletsQuery, { include: 'Bad Id' })).toEqual(['"Bad Id" is not a valid wallet id'])
    expect(messages(GetWalletsQuery, { include: Array(101).fill('a').join(',') })).toEqual(['lists at most 100 items'])
  })
})

describe('embedded wallet bodies', () => {
  const deviceId = 'a'.repeat(64)
  const issues = (schema: v.GenericSchema, input: unknown) =>
    v.safeParse(schema, input).issues?.map((issue) => [v.getDotPath(issue) ?? '', issue.message]) ?? []

  it('takes exactly the named fields (projectId aside), each missing one with its own message', () => {
    expect(v.parse(EmailStartBody, { email: ' Ana@Example.COM ', deviceId, projectId: 'p' })).toEqual({
      email: 'ana@example.com',
      deviceId,
      projectId: 'p',
    })
    expect(issues(EmailStartBody, { deviceId: 'xyz', extra: 1 })).toEqual([
      ['email', 'must be one plain email address (name@example.com)'],
      ['deviceId', 'must be 64 lowercase hex characters'],
      ['extra', 'is not a known field'],
    ])
    expect(issues(EmailStartBody, 'x')).toEqual([['', 'expected a JSON object body']])
  })

  it('refuses every email that is not one plain mailbox', () => {
    for (const email of [
      'alice<victim@example.com>',
      '(c)victim@example.com',
      'a;victim@example.com',
      'a@b@c.d',
      'a@1.2.3.4',
      `${'a'.repeat(65)}@x.io`,
    ])
      expect([email, toPlainEmail(email)]).toEqual([email, undefined])
    expect(toPlainEmail("o'brien@example.ie")).toBe("o'brien@example.ie")
  })

  it('sign-out takes no body, {} or a boolean everywhere', () => {
    expect(v.parse(SignOutBody, undefined)).toBeUndefined()
    expect(v.parse(SignOutBody, { everywhere: true })).toEqual({ everywhere: true })
    expect(issues(SignOutBody, { everywhere: 'yes' })).toEqual([['everywhere', 'is malformed']])
  })
})

describe('responses and features', () => {
  it('a history entry must carry every field, and a CAIP-2 EVM chain', () => {
    const entry = {
      id: 'eip155:1:0xabc',
      metadata: {
        operationType: 'send',
        hash: '0xabc',
        minedAt: '2026-01-01T00:00:00.000Z',
        chain: 'eip155:1',
        blockNumber: 1,
        sentFrom: ADDRESS,
        sentTo: null,
        status: 'confirmed',
        nonce: 0,
      },
      transfers: [],
    }
    expect(ok(HistoryEntry, entry)).toBe(true)
    expect(ok(HistoryEntry, { ...entry, metadata: { ...entry.metadata, chain: 'solana:1' } })).toBe(false)
    expect(ok(HistoryEntry, { ...entry, transfers: undefined })).toBe(false)
  })

  it('the default features offer no social provider and are frozen', () => {
    expect(DEFAULT_FEATURES.socials).toEqual([])
    expect(Object.isFrozen(DEFAULT_FEATURES)).toBe(true)
    expect(Object.isFrozen(DEFAULT_FEATURES.socials)).toBe(true)
  })
})
