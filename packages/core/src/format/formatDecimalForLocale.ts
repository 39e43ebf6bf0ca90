/** Formats a decimal string with grouping for the locale, keeping its digits exact. */
export function formatDecimalForLocale(value: string, locale: string): string {
  const [whole = '0', fraction] = value.split('.')
  const negative = whole.startsWith('-')
  const digits = negative ? whole.slice(1) : whole
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  const group = parts.find((p) => p.type === 'group')?.value ?? ','
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`
}
