import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { onrampQuote } from '../protocol/endpoints/onramp.ts'
import type { OnrampQuoteBodyInput, OnrampQuoteResponse } from '../protocol/onramp.ts'
import { OnrampQuoteError } from './onrampErrors.ts'

export type { OnrampQuoteResponse }

export type FetchOnrampQuoteParameters = {
  /** A purchase currency id: `ETH`, `fUSD`. */
  purchaseCurrency: string
  /** `USD` or `EUR`. */
  paymentCurrency: string
  /** What the visitor pays, fees included: a decimal string with at most 2 decimals (`"100.00"`). */
  amount: string
  /** CAIP-2: `eip155:31337`. */
  network: string
  /** `card` (default) or `bank_account`. */
  paymentMethod?: string
  provider?: string
  signal?: AbortSignal
}
export type FetchOnrampQuoteReturnType = OnrampQuoteResponse
export type FetchOnrampQuoteErrorType = OnrampQuoteError

/**
 * A quote for paying `amount`: the fees (provider and network), the subtotal that buys the token, the total and
 * the token amount at the pool price, valid until `expiresAt` (`POST /v1/onramp/quote`). Throws `OnrampQuoteError`
 * (`reason` `amount_below_minimum`, `amount_above_maximum`, `unknown_currency`, `unknown_network` …), or
 * `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const quote = await fetchOnrampQuote(client, {
 *   purchaseCurrency: 'fUSD', paymentCurrency: 'USD', amount: '100.00', network: 'eip155:31337',
 * })
 */
export async function fetchOnrampQuote(
  client: { api?: ApiClient },
  { purchaseCurrency, paymentCurrency, amount, network, paymentMethod, provider, signal }: FetchOnrampQuoteParameters,
): Promise<FetchOnrampQuoteReturnType> {
  const api = requireApi(client, 'the on-ramp')
  try {
    const body: OnrampQuoteBodyInput = { purchaseCurrency, paymentCurrency, amount, network }
    if (paymentMethod !== undefined) body.paymentMethod = paymentMethod
    if (provider !== undefined) body.provider = provider
    return await api.call(onrampQuote, { body }, { signal })
  } catch (error) {
    throw new OnrampQuoteError({ cause: error })
  }
}
