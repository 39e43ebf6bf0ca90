import { BALANCE_DECIMALS } from '../constants.ts'

// What the page's first chunk uses (balance, account button); parseUnits.ts and formatDecimalForLocale.ts hold what
// only later views do, so they stay out of it.

/**
 * Formats an integer amount of the smallest unit (`wei`) as a decimal string,
 * floored (never rounded up) to `fractionDigits`. `formatUnitsFloored(1999999n, 6, 3)` → `'1.999'`.
 */
export function formatUnitsFloored(value: bigint, decimals: number, fractionDigits = BALANCE_DECIMALS): string {
  const negative = value < 0n
  const absolute = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = absolute / base
  const fraction = (absolute % base).toString().padStart(decimals, '0').slice(0, fractionDigits)
  const trimmed = fraction.replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${trimmed ? `.${trimmed}` : ''}`
}

/** Floors a decimal string to `fractionDigits` (string in, string out: no float rounding). */
export function floorDecimalString(value: string, fractionDigits = BALANCE_DECIMALS): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match) return '0'
  const [, sign, whole = '', fraction = ''] = match
  const kept = fraction.slice(0, fractionDigits).replace(/0+$/, '')
  const wholeDigits = whole.replace(/^0+(?=\d)/, '') || '0'
  const result = `${wholeDigits}${kept ? `.${kept}` : ''}`
  return result === '0' ? '0' : `${sign}${result}`
}

/** `0x1234…abcd` style: keeps `head` characters after 0x and `tail` at the end. */
export function shortenAddress(address: string, head = 4, tail = 4): string {
  const prefix = address.startsWith('0x') ? 2 : 0
  if (address.length <= prefix + head + tail + 1) return address
  return `${address.slice(0, prefix + head)}…${address.slice(-tail)}`
}
