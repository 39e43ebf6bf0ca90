import type { CaipNetworkId } from '../networks/networks.ts'
import type {
  OnrampOptionsResponse,
  OnrampPaymentCurrencyOption,
  OnrampProvider,
  OnrampPurchase,
  OnrampPurchaseCurrency,
  OnrampQuoteResponse,
} from '../protocol/onramp.ts'
import type { BuyAmountError } from './buyAmount.ts'

/** Milliseconds the typed amount rests before a quote is asked for. */
export const BUY_QUOTE_DELAY_MS = 300
/** How often BuyInProgress reads the purchase's status. */
export const BUY_POLL_MS = 2000

export type BuyState = {
  provider?: OnrampProvider
  /** idle until a provider is picked; the options (or the sample ones, `optionsFallback`) once read. */
  optionsStatus: 'idle' | 'loading' | 'ready'
  options?: OnrampOptionsResponse
  /** The options shown are the built-in sample ones: the server's failed. */
  optionsFallback: boolean
  purchaseCurrency?: OnrampPurchaseCurrency
  /** The network the token is bought on (the selected one when the currency is offered there). */
  network?: CaipNetworkId
  paymentCurrency?: OnrampPaymentCurrencyOption
  paymentMethod: 'card' | 'bank_account'
  /** The amount as typed (fiat, what the visitor pays). */
  amount: string
  amountError?: BuyAmountError
  /** True while a quote is being fetched. */
  quoteLoading: boolean
  quote?: OnrampQuoteResponse
  /** The quote shown is a placeholder: the server's failed. */
  quoteFallback: boolean
  /** Waiting for the checkout URL. */
  creating: boolean
  checkoutUrl?: string
  purchaseId?: string
  purchase?: OnrampPurchase
  /** The checkout URL could not be made. */
  createError?: string
  /** The purchased token's balance once the purchase completed (`"12.5 fUSD"`'s parts). */
  newBalance?: { amount: string; symbol: string }
}

export const initialBuyState: BuyState = {
  optionsStatus: 'idle',
  optionsFallback: false,
  paymentMethod: 'card',
  amount: '',
  quoteLoading: false,
  quoteFallback: false,
  creating: false,
}
