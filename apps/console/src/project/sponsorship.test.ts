import { describe, expect, it } from 'vitest'
import {
  draftChanged,
  draftOf,
  normalizeContract,
  parseGasWei,
  parseOperations,
  policyOf,
  weiToCoins,
} from './sponsorship.ts'

const POLICY = {
  chains: [31337],
  contracts: ['0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'],
  maxOperationsPerAccountPerDay: 20,
  maxGasWeiPerAccountPerDay: '50000000000000000',
}

describe('the sponsorship form’s fields', () => {
  it('takes a contract address as 0x and 40 hex digits, lower-cased; nothing else', () => {
    expect(normalizeContract(' 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 ')).toBe(POLICY.contracts[0])
    for (const bad of [
      '',
      '0x1',
      '833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      `0x${'g'.repeat(40)}`,
      `0x${'a'.repeat(41)}`,
    ])
      expect(normalizeContract(bad), bad).toBeNull()
  })

  it('reads the limits within the server’s bounds, and refuses the rest', () => {
    expect([parseOperations('0'), parseOperations(' 20 '), parseOperations('1000000')]).toEqual([0, 20, 1_000_000])
    for (const bad of ['', '-1', '1.5', '1e3', '1000001', '20 ops']) expect(parseOperations(bad), bad).toBeNull()
    expect(parseGasWei('007')).toBe('7')
    expect(parseGasWei(`1${'0'.repeat(30)}`)).toBe(`1${'0'.repeat(30)}`)
    for (const bad of ['', '1e18', '0.5', '-1', `1${'0'.repeat(30)}1`, `2${'0'.repeat(30)}`])
      expect(parseGasWei(bad), bad).toBeNull()
  })

  it('says wei in coins of 18 decimals', () => {
    expect(weiToCoins('50000000000000000')).toBe('0.05')
    expect(weiToCoins('1000000000000000000')).toBe('1')
    expect(weiToCoins('1500000000000000001')).toBe('1.500000000000000001')
    expect(weiToCoins('0')).toBe('0')
  })

  it('turns a draft into the policy the server stores, or names the first field that does not read', () => {
    expect(policyOf(draftOf(POLICY))).toEqual({ policy: POLICY })
    expect(
      policyOf({ ...draftOf(POLICY), chains: [31337, 31337], contracts: [...POLICY.contracts, ...POLICY.contracts] }),
    ).toEqual({ policy: POLICY })
    expect(
      policyOf({ ...draftOf(POLICY), maxOperationsPerAccountPerDay: 'many', maxGasWeiPerAccountPerDay: 'x' }),
    ).toEqual({ invalid: 'maxOperationsPerAccountPerDay' })
    expect(policyOf({ ...draftOf(POLICY), maxGasWeiPerAccountPerDay: '1e18' })).toEqual({
      invalid: 'maxGasWeiPerAccountPerDay',
    })
    expect(policyOf(draftOf(null))).toEqual({ invalid: 'maxOperationsPerAccountPerDay' })
  })

  it('tells a changed draft from the stored policy, whatever the order of the chains', () => {
    const policy = { ...POLICY, chains: [31337, 31338] }
    expect(draftChanged(draftOf(policy), policy)).toBe(false)
    expect(draftChanged({ ...draftOf(policy), chains: [31338, 31337] }, policy)).toBe(false)
    expect(draftChanged({ ...draftOf(policy), chains: [31337] }, policy)).toBe(true)
    expect(draftChanged({ ...draftOf(policy), maxOperationsPerAccountPerDay: '21' }, policy)).toBe(true)
    expect(draftChanged(draftOf(null), null)).toBe(false)
    expect(draftChanged({ ...draftOf(null), chains: [31337] }, null)).toBe(true)
  })
})
