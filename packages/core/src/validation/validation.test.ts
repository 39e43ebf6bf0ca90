import { describe, expect, it } from 'vitest'
import { isEmail } from './isEmail.ts'
import {
  isEvmAddress,
  isPositiveAmount,
  isSolanaAddress,
  isTransactionHash,
  isValidAccountName,
  isValidNameCoinTypeChainId,
} from './validation.ts'

describe('validators', () => {
  it('EVM addresses', () => {
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false)
    expect(isEvmAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })
  it('Solana addresses', () => {
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress('0OIl1111111111111111111111111111111')).toBe(false)
    expect(isSolanaAddress('abc')).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
  })
  it('transaction hashes', () => {
    expect(isTransactionHash(`0x${'a'.repeat(64)}`)).toBe(true)
    expect(isTransactionHash('a'.repeat(64))).toBe(false)
    expect(isTransactionHash(`0x${'a'.repeat(63)}`)).toBe(false)
  })
  it('account names', () => {
    expect(isValidAccountName('alice')).toBe(true)
    expect(isValidAccountName('a-b1')).toBe(true)
    expect(isValidAccountName('abc')).toBe(false)
    expect(isValidAccountName('al ice')).toBe(false)
    expect(isValidAccountName('alice.eth')).toBe(false)
    for (const bad of ['----', '-x-', '-abc', 'abc-', 'xn--abcd', 'x'.repeat(64)])
      expect(isValidAccountName(bad), bad).toBe(false)
  })
  it('coin type chain ids', () => {
    expect(isValidNameCoinTypeChainId(1)).toBe(true)
    expect(isValidNameCoinTypeChainId(2147483647)).toBe(true)
    expect(isValidNameCoinTypeChainId(2147483648)).toBe(false)
    expect(isValidNameCoinTypeChainId(-1)).toBe(false)
  })
  it('emails and amounts', () => {
    expect(isEmail('a@b.co')).toBe(true)
    expect(isEmail('a@b')).toBe(false)
    expect(isEmail('a b@c.de')).toBe(false)
    expect(isPositiveAmount('0.5')).toBe(true)
    expect(isPositiveAmount('.5')).toBe(true)
    expect(isPositiveAmount('0')).toBe(false)
    expect(isPositiveAmount('-1')).toBe(false)
    expect(isPositiveAmount('1e3')).toBe(false)
  })
})
