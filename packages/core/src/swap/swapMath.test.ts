import { describe, expect, it } from 'vitest'
import {
  hasInsufficientBalance,
  maxSlippageOf,
  maxSwapAmount,
  networkCostInUsd,
  percentOf,
  providerFeeOf,
  swapGasCost,
} from './swapMath.ts'

const gwei = 10n ** 9n
const ether = 10n ** 18n

describe('swap math', () => {
  it('budgets gas at 150000 units and prices it in USD', () => {
    expect(swapGasCost(2n * gwei)).toBe(300_000n * gwei)
    expect(networkCostInUsd(2n * gwei, 3000)).toBeCloseTo(0.9, 10) // 0.0003 ETH × 3000
  })
  it('Max leaves room for gas on the native token only', () => {
    expect(maxSwapAmount(ether, true, 2n * gwei)).toBe(ether - 300_000n * gwei)
    expect(maxSwapAmount(ether, false, 2n * gwei)).toBe(ether)
    expect(maxSwapAmount(1000n, true, 2n * gwei)).toBe(0n)
  })
  it('finds insufficient source and insufficient gas', () => {
    const base = { sourceBalance: 100n, sourceIsNative: false, nativeBalance: 50n, gasCost: 10n }
    expect(hasInsufficientBalance({ ...base, amount: 100n })).toBe(false)
    expect(hasInsufficientBalance({ ...base, amount: 101n })).toBe(true)
    expect(hasInsufficientBalance({ ...base, amount: 1n, nativeBalance: 9n })).toBe(true)
    expect(
      hasInsufficientBalance({
        amount: 41n,
        sourceBalance: 50n,
        sourceIsNative: true,
        nativeBalance: 50n,
        gasCost: 10n,
      }),
    ).toBe(true)
    expect(
      hasInsufficientBalance({
        amount: 40n,
        sourceBalance: 50n,
        sourceIsNative: true,
        nativeBalance: 50n,
        gasCost: 10n,
      }),
    ).toBe(false)
  })
  it('takes the provider fee (0.85 %) and the max slippage (1 %) in integers', () => {
    expect(percentOf(10_000n, 0.85)).toBe(85n)
    expect(providerFeeOf(1_000_000n)).toBe(8_500n)
    expect(maxSlippageOf(123_456_789n)).toBe(1_234_567n)
  })
})
