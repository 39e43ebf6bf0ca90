/**
 * Exact money arithmetic for the on-ramp: fiat as bigint cents, token amounts as bigint base units, rates as
 * bigint fixed-point. Floats never hold an amount that is stored or summed.
 */

/** `"100"`, `"99.5"`, `"100.00"` → cents. */
export function parseCents(text: string): bigint {
  const [whole, fraction = ''] = text.split('.')
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0') || '0')
}

/** Cents → `"100.00"`. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** A decimal string with at most `scale` decimals → an integer scaled by 10^scale (extra decimals cut). */
export function parseFixed(text: string, scale: number): bigint {
  const [whole, fraction = ''] = text.split('.')
  return BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0')
}

/** Base units → exact decimal string without trailing zeros: `1500000n, 6` → `"1.5"`. */
export function formatUnitsExact(value: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const whole = value / base
  const fraction = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** The digits a USD price is carried with (the oracle's price is a number: it is fixed here once, to 12 decimals). */
export const PRICE_SCALE = 12

/** A positive finite number → its value scaled by 10^PRICE_SCALE, rounded; 0n when it is not positive. */
export function priceToFixed(price: number): bigint {
  if (!Number.isFinite(price) || price <= 0) return 0n
  // toFixed keeps the decimal digits the number has (up to 12), with no binary noise beyond them.
  return parseFixed(price.toFixed(PRICE_SCALE), PRICE_SCALE)
}
