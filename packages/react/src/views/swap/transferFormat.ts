import { BALANCE_DECIMALS, formatUnitsFloored, type WalletToken } from '@foyer/core/internal'

/** A balance as the modal shows it: floored to 3 decimals (`BALANCE_DECIMALS`). */
export function formatBalance(token: Pick<WalletToken, 'balance' | 'decimals'>): string {
  return formatUnitsFloored(token.balance, token.decimals, BALANCE_DECIMALS)
}

/** USD in the person's locale, cents shown; tiny non-zero values as "< $0.01". */
export function formatUsd(value: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })
  if (value > 0 && value < 0.01) return `< ${format.format(0.01)}`
  return format.format(value)
}

/** What a typed amount may look like: digits with one dot, at most the token's decimals after it. */
export function isAmountInput(value: string, decimals: number): boolean {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value)
  return Boolean(match) && (match![2]?.length ?? 0) <= decimals
}
