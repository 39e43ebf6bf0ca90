import { SWAP_GAS_UNITS, SWAP_PROVIDER_FEE_PERCENT, SWAP_SLIPPAGE_PERCENT } from '../constants.ts'

/** Wei the swap's gas is budgeted at: gas price × 150000 (`SWAP_GAS_UNITS`). */
export function swapGasCost(gasPrice: bigint): bigint {
  return gasPrice * SWAP_GAS_UNITS
}

/** The network cost in USD: gas price × 150000 × the native token's price. */
export function networkCostInUsd(gasPrice: bigint, nativePriceUsd: number, nativeDecimals = 18): number {
  return (Number(swapGasCost(gasPrice)) / 10 ** nativeDecimals) * nativePriceUsd
}

/** The most that can be swapped: the whole balance, less the gas budget when the source is the native token. */
export function maxSwapAmount(balance: bigint, sourceIsNative: boolean, gasPrice: bigint): bigint {
  if (!sourceIsNative) return balance
  const left = balance - swapGasCost(gasPrice)
  return left > 0n ? left : 0n
}

/**
 * "Insufficient balance" when the amount is over the source balance, or the native balance cannot pay the gas
 * budget (plus the amount, when the source is native).
 */
export function hasInsufficientBalance(parameters: {
  amount: bigint
  sourceBalance: bigint
  sourceIsNative: boolean
  nativeBalance: bigint
  gasCost: bigint
}): boolean {
  const { amount, sourceBalance, sourceIsNative, nativeBalance, gasCost } = parameters
  if (amount > sourceBalance) return true
  const nativeNeeded = gasCost + (sourceIsNative ? amount : 0n)
  return nativeBalance < nativeNeeded
}

/** Percent of an integer amount, floored: `percentOf(1000n, 0.85)` → 8n. */
export function percentOf(amount: bigint, percent: number): bigint {
  return (amount * BigInt(Math.round(percent * 10_000))) / 1_000_000n
}

/** The provider fee shown in the details: 0.85 % of the source amount. */
export const providerFeeOf = (sourceAmount: bigint) => percentOf(sourceAmount, SWAP_PROVIDER_FEE_PERCENT)

/** The most the target may fall short by: 1 % of the quoted target amount. */
export const maxSlippageOf = (toAmount: bigint) => percentOf(toAmount, SWAP_SLIPPAGE_PERCENT)
