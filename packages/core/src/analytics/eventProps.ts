/** Props the core's actions put on their events, in the forms the event list allows (analytics.ts in the protocol). */
import { isUserRejection } from '../errors/errors.ts'
import { type AmountBand, amountBand } from '../protocol/analytics.ts'

/** The USD band of an amount of a token (its text, as the person entered it); undefined without a price. */
export function usdBand(token: { price: number }, amount: string): AmountBand | undefined {
  const value = Number(amount)
  if (!(token.price > 0) || !Number.isFinite(value)) return undefined
  return amountBand(value * token.price)
}

/** A failure as an event carries it: the typed error's code (never its message) and whether the person refused. */
export function failureProps(error: unknown): { code?: string; rejected: boolean } {
  const code = (error as { code?: unknown } | null)?.code
  const text =
    typeof code === 'string' && /^[\w.:-]{1,64}$/.test(code)
      ? code
      : typeof code === 'number' && Number.isSafeInteger(code)
        ? String(code)
        : undefined
  return { code: text, rejected: isUserRejection(error) }
}
