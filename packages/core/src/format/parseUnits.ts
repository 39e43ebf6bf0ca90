/** Parses a decimal string into an integer amount of the smallest unit; throws on malformed input. */
export function parseUnits(value: string, decimals: number): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || (!match[1] && !match[2])) throw new TypeError(`Not a decimal amount: ${value}`)
  const whole = match[1] || '0'
  const fraction = (match[2] ?? '').padEnd(decimals, '0').slice(0, decimals)
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction || '0')
}
