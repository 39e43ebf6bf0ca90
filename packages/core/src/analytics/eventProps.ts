/** The amount props the swap and send actions put on their events (lazy chunks: this module imports the bands). */
import { type AmountBand, amountBand } from '../protocol/analytics.ts'

/** The USD band of an amount of a token (its text, as the person entered it); undefined without a price. */
export function usdBand(token: { price: number }, amount: string): AmountBand | undefined {
  const value = Number(amount)
  if (!(token.price > 0) || !Number.isFinite(value)) return undefined
  return amountBand(value * token.price)
}
