import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'
import { HttpRequestError } from '../errors/errors.ts'

/**
 * Why the server refused an on-ramp request: its error code — `amount_below_minimum`, `amount_above_maximum`,
 * `unknown_currency`, `unknown_payment_currency`, `unknown_network`, `unknown_payment_method`, `unknown_provider`,
 * `invalid_request` (400), `feature_disabled` (403), `purchase_not_found`, `quote_not_found` (404), `quote_expired`
 * (410), `price_unavailable` (503) … — or undefined when it did not answer one (network, no server).
 */
export type OnrampErrorReason =
  | 'amount_below_minimum'
  | 'amount_above_maximum'
  | 'unknown_currency'
  | 'unknown_payment_currency'
  | 'unknown_network'
  | 'unknown_payment_method'
  | 'unknown_provider'
  | 'invalid_request'
  | 'feature_disabled'
  | 'purchase_not_found'
  | 'quote_not_found'
  | 'quote_expired'
  | 'price_unavailable'
  | (string & {})
  | undefined

function httpOf(cause: unknown): HttpRequestError | undefined {
  const http = cause instanceof FoyerError ? cause.walk((e) => e instanceof HttpRequestError) : undefined
  return http instanceof HttpRequestError ? http : undefined
}

/** Base of the on-ramp errors: the server's refusal, if any, in `reason`, and its HTTP status in `status`. */
export class OnrampError extends FoyerError {
  override name = 'OnrampError'
  readonly reason: OnrampErrorReason
  readonly status: number | undefined
  constructor(shortMessage: string, parameters: FoyerErrorParameters = {}) {
    super(shortMessage, parameters)
    const http = httpOf(parameters.cause)
    this.reason = http?.code
    this.status = http?.status
  }
}

export type OnrampProvidersErrorType = OnrampProvidersError & { name: 'OnrampProvidersError' }
/** The on-ramp providers could not be read from the Foyer server. */
export class OnrampProvidersError extends OnrampError {
  override name = 'OnrampProvidersError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error fetching on-ramp providers', { messageKey: 'snackbar.errorFetchingOnrampProviders', ...parameters })
  }
}

export type OnrampOptionsErrorType = OnrampOptionsError & { name: 'OnrampOptionsError' }
/** The on-ramp options (what can be bought and paid with) could not be read. */
export class OnrampOptionsError extends OnrampError {
  override name = 'OnrampOptionsError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error fetching on-ramp options', { messageKey: 'snackbar.errorFetchingOnrampOptions', ...parameters })
  }
}

export type OnrampQuoteErrorType = OnrampQuoteError & { name: 'OnrampQuoteError' }
/** No quote: the server refused the amount or currencies (`reason`), or did not answer. */
export class OnrampQuoteError extends OnrampError {
  override name = 'OnrampQuoteError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error fetching on-ramp quote', { messageKey: 'snackbar.errorFetchingOnrampQuote', ...parameters })
  }
}

export type OnrampUrlErrorType = OnrampUrlError & { name: 'OnrampUrlError' }
/** The provider's checkout URL could not be made (`reason` `quote_expired` when the quote is too old). */
export class OnrampUrlError extends OnrampError {
  override name = 'OnrampUrlError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error creating on-ramp checkout', { messageKey: 'snackbar.errorCreatingOnrampUrl', ...parameters })
  }
}

export type OnrampPurchaseErrorType = OnrampPurchaseError & { name: 'OnrampPurchaseError' }
/** A purchase's status could not be read (`reason` `purchase_not_found` for an unknown id). */
export class OnrampPurchaseError extends OnrampError {
  override name = 'OnrampPurchaseError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error fetching on-ramp purchase', { messageKey: 'snackbar.errorFetchingOnrampPurchase', ...parameters })
  }
}
