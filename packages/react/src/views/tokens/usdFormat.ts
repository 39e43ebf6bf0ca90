import { floorDecimalString, formatDecimalForLocale } from '@foyer/core/internal'

const usdFormats = new Map<string, Intl.NumberFormat>()

/** `$1,234.56` in the modal's locale. */
export function formatUsd(value: number, locale: string): string {
  let format = usdFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })
    usdFormats.set(locale, format)
  }
  return format.format(value)
}

/** A token amount floored to the spec's 3 balance decimals, grouped for the locale. */
export function formatTokenAmount(numeric: string, locale: string): string {
  return formatDecimalForLocale(floorDecimalString(numeric), locale)
}
