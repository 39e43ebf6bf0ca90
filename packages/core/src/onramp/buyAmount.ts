import type { OnrampPaymentCurrencyOption } from '../protocol/onramp.ts'

/** Why an amount cannot be bought: not a sum of money, below the method's minimum, above its maximum. */
export type BuyAmountError =
  | { kind: 'invalid' }
  | { kind: 'min'; bound: string; currency: string }
  | { kind: 'max'; bound: string; currency: string }

const FIAT = /^[0-9]{1,12}(?:[.,][0-9]{0,2})?$/

/** `"12.5"` → 1250n cents; undefined when it is not an amount with at most two decimals. */
export function fiatToCents(text: string): bigint | undefined {
  const value = text.trim()
  if (!FIAT.test(value)) return undefined
  const [whole, fraction = ''] = value.replace(',', '.').split('.')
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** The amount as the server takes it: two decimals (`"12.5"` → `"12.50"`). */
export function normalizeFiat(text: string): string | undefined {
  const cents = fiatToCents(text)
  if (cents === undefined) return undefined
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/**
 * Checks a typed amount against the payment currency's limits for the method (`payment_method_limits`, compared
 * in cents, never as floats). Empty text is no error (nothing typed yet).
 */
export function buyAmountError(
  text: string,
  currency: OnrampPaymentCurrencyOption | undefined,
  method: string,
): BuyAmountError | undefined {
  if (!text.trim()) return undefined
  const cents = fiatToCents(text)
  if (cents === undefined || cents <= 0n) return { kind: 'invalid' }
  const limit = currency?.payment_method_limits.find((l) => l.id === method)
  if (!limit || !currency) return undefined
  const min = fiatToCents(limit.min)
  const max = fiatToCents(limit.max)
  if (min !== undefined && cents < min) return { kind: 'min', bound: limit.min, currency: currency.id }
  if (max !== undefined && cents > max) return { kind: 'max', bound: limit.max, currency: currency.id }
  return undefined
}
