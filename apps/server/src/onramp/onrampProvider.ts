import type {
  OnrampOptionsResponse,
  OnrampPaymentCurrency,
  OnrampPaymentMethod,
  OnrampProvider,
  OnrampWebhookEvent,
} from '@foyer/core/protocol'
import type { ChainConfig } from '../config.ts'
import type { OnrampProviderKind } from './onrampConfig.ts'

/** Why a webhook delivery was refused: a signature that does not match, or one older than the tolerance. */
export type WebhookVerdict = 'ok' | 'forged' | 'stale'

/** Fees in cents of the payment currency. */
export interface OnrampFees {
  provider: bigint
  network: bigint
}

/**
 * One on-ramp provider, the whole of what Foyer needs from it. Adding a provider is adding a module that
 * implements this (and its `kind` to ONRAMP_PROVIDER_KINDS); the routes never name a provider.
 */
export interface OnrampProviderModule {
  readonly id: string
  readonly kind: OnrampProviderKind
  /** Its entry in `GET /v1/onramp/providers`. */
  describe(chains: readonly ChainConfig[]): OnrampProvider
  /** What it sells on which networks, and what it takes in payment with the limits per method. */
  options(chains: readonly ChainConfig[]): OnrampOptionsResponse
  /** Its fees for a payment of `totalCents` (fees included) in `currency` by `method`. */
  fees(totalCents: bigint, currency: OnrampPaymentCurrency, method: OnrampPaymentMethod): OnrampFees
  /** Its checkout page for a stored purchase, carrying the purchase's checkout token (the id alone pays nothing). */
  checkoutUrl(purchase: { id: string; projectId: string }): string
  /** Whether `token` is the checkout token of purchase `id` (the checkout reads the purchase with it). */
  checkoutTokenValid(id: string, token: string | undefined): boolean
  /** Checks a webhook delivery: the signature header against the raw body, and its age, at `nowSeconds`. */
  verifyWebhook(rawBody: string, signature: string | undefined, nowSeconds: number): WebhookVerdict
  /** Its (verified) event as Foyer's status change; throws 400 when the JSON is not an event. */
  parseEvent(json: unknown): OnrampWebhookEvent
}
