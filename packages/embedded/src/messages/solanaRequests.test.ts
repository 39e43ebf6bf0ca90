import { describe, expect, it } from 'vitest'
import { type EmbeddedUser, parseFrameMessage, responseMessage } from './messages.ts'
import { SchemaError } from './schema.ts'
import {
  isSolanaRequestMethod,
  parseSolanaRequestParams,
  parseSolanaRequestResult,
  SOLANA_MESSAGE_MAX_BYTES,
  SOLANA_TRANSACTION_MAX_BYTES,
} from './solanaRequests.ts'

const account = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const chain = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const signature = '5'.repeat(88)
const base64Of = (length: number) => Buffer.alloc(length, 7).toString('base64')

describe('the Solana methods’ params and results', () => {
  it('names exactly the three methods the frame answers', () => {
    expect(
      ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'].every(isSolanaRequestMethod),
    ).toBe(true)
    expect(isSolanaRequestMethod('solana_signAllTransactions')).toBe(false)
    expect(isSolanaRequestMethod('toString')).toBe(false)
  })

  it('accepts well-formed params and returns exactly them', () => {
    expect(parseSolanaRequestParams('solana_signMessage', { account, message: 'aGk=' })).toEqual({
      account,
      message: 'aGk=',
    })
    const transaction = base64Of(SOLANA_TRANSACTION_MAX_BYTES)
    expect(parseSolanaRequestParams('solana_signTransaction', { account, chain, transaction })).toEqual({
      account,
      chain,
      transaction,
    })
    expect(
      parseSolanaRequestParams('solana_signAndSendTransaction', {
        account,
        chain,
        transaction,
        options: { skipPreflight: false, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 10 },
      }).options,
    ).toEqual({ skipPreflight: false, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 10 })
    expect(parseSolanaRequestResult('solana_signTransaction', { signature, transaction })).toEqual({
      signature,
      transaction,
    })
  })

  it.each([
    ['params that are not an object', 'solana_signMessage', [account, 'aGk=']],
    ['a missing account', 'solana_signMessage', { message: 'aGk=' }],
    [
      'an EVM address',
      'solana_signMessage',
      { account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', message: 'aGk=' },
    ],
    ['a base58 address with a 0', 'solana_signMessage', { account: `0${account.slice(1)}`, message: 'aGk=' }],
    ['an extra key', 'solana_signMessage', { account, message: 'aGk=', display: 'utf8' }],
    ['base64 without padding', 'solana_signMessage', { account, message: 'aGk' }],
    ['base64url', 'solana_signMessage', { account, message: 'a-_k' }],
    ['an empty message', 'solana_signMessage', { account, message: '' }],
    ['a message over the limit', 'solana_signMessage', { account, message: base64Of(SOLANA_MESSAGE_MAX_BYTES + 1) }],
    ['a transaction over 1232 bytes', 'solana_signTransaction', { account, chain, transaction: base64Of(1233) }],
    ['an EVM chain', 'solana_signTransaction', { account, chain: 'eip155:1', transaction: 'aGk=' }],
    ['a cluster name for a chain', 'solana_signTransaction', { account, chain: 'solana:devnet', transaction: 'aGk=' }],
    [
      'an unknown option',
      'solana_signAndSendTransaction',
      { account, chain, transaction: 'aGk=', options: { encoding: 'base58' } },
    ],
    [
      'a bad commitment',
      'solana_signAndSendTransaction',
      { account, chain, transaction: 'aGk=', options: { preflightCommitment: 'max' } },
    ],
  ] as const)('refuses %s', (_, method, params) => {
    expect(() => parseSolanaRequestParams(method, params)).toThrow(SchemaError)
  })

  it('refuses a result that is not a signature', () => {
    expect(() => parseSolanaRequestResult('solana_signAndSendTransaction', { signature: '0xabc' })).toThrow(SchemaError)
    expect(() => parseSolanaRequestResult('solana_signMessage', { signature, extra: 1 })).toThrow(SchemaError)
  })

  it("carries the user's Solana address, optional, and refuses a malformed one", () => {
    const user: EmbeddedUser = {
      email: 'ana@example.com',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chainId: 31337,
      accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      solanaAddress: account,
    }
    expect(parseFrameMessage(responseMessage('GET_USER', 'request-0001', { result: { user } }))).toMatchObject({
      result: { user: { solanaAddress: account } },
    })
    const { solanaAddress: _, ...older } = user
    expect(parseFrameMessage(responseMessage('GET_USER', 'request-0002', { result: { user: older } }))).toMatchObject({
      ok: true,
    })
    expect(() =>
      responseMessage('GET_USER', 'request-0003', { result: { user: { ...user, solanaAddress: 'nope' } } }),
    ).toThrow(SchemaError)
  })
})
