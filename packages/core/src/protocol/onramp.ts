import * as v from 'valibot'
import { EvmAddress, objectMessage } from './primitives.ts'

/**
 * The on-ramp API (`/v1/onramp/…`, `/v1/generators/onrampurl`): the operator's providers, what can be bought and
 * paid with, a quote, the provider's checkout URL for a purchase, the purchase's status, and the provider's signed
 * webhook. Fiat amounts are decimal strings with two decimals (`"100.00"`); token amounts are exact decimal strings.
 */

/** How long a quote may be used for a checkout URL, seconds. */
export const ONRAMP_QUOTE_TTL_SECONDS = 300
/**
 * The request header that carries the purchase secrets a page holds (comma-separated), for
 * `GET /v1/onramp/purchases/{id}` and `history?onramp`: a purchase is read only with its secret.
 */
export const ONRAMP_PURCHASE_SECRETS_HEADER = 'x-foyer-purchase-secrets'
/** How old a webhook's signed timestamp may be (and how far ahead), seconds. */
export const ONRAMP_WEBHOOK_TOLERANCE_SECONDS = 300
/** The header a provider signs its webhook with: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const ONRAMP_SIGNATURE_HEADER = 'x-foyer-signature'

/** A purchase's life: created → pending → paid → completed, or → failed from any but completed. */
export const ONRAMP_STATUSES = ['created', 'pending', 'paid', 'completed', 'failed'] as const
export const OnrampStatus = v.picklist(ONRAMP_STATUSES, `must be one of ${ONRAMP_STATUSES.join(', ')}`)
export type OnrampStatus = v.InferOutput<typeof OnrampStatus>

export const ONRAMP_PAYMENT_METHODS = ['card', 'bank_account'] as const
export type OnrampPaymentMethod = (typeof ONRAMP_PAYMENT_METHODS)[number]
export const ONRAMP_PAYMENT_CURRENCIES = ['USD', 'EUR'] as const
export type OnrampPaymentCurrency = (typeof ONRAMP_PAYMENT_CURRENCIES)[number]

/** The limits per payment method, the same in USD and EUR. */
export const ONRAMP_PAYMENT_METHOD_LIMITS: readonly { id: OnrampPaymentMethod; min: string; max: string }[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'bank_account', min: '10.00', max: '25000.00' },
]

/** Time zones where the on-ramp is hidden unless the operator lists others (FOYER_ONRAMP_RESTRICTED_TIMEZONES). */
export const DEFAULT_ONRAMP_RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Pyongyang',
]

const PROVIDER_ID_MESSAGE = 'must be an on-ramp provider id (lower-case letters, digits, hyphen)'
/** A provider id: `sandbox`. */
export const OnrampProviderId = v.pipe(v.string(PROVIDER_ID_MESSAGE), v.regex(/^[a-z0-9-]{1,32}$/, PROVIDER_ID_MESSAGE))

const caipNetwork = v.custom<`eip155:${number}`>(
  (value) => typeof value === 'string' && /^eip155:[1-9][0-9]{0,15}$/.test(value),
  'must be a CAIP-2 chain id such as eip155:31337',
)

/** One provider as the modal lists it. */
export const OnrampProvider = v.object({
  id: v.string(),
  name: v.string(),
  label: v.string(),
  /** Human text, `1.5% + $0.99`. */
  feeRange: v.string(),
  /** The provider's site (its checkout's origin). */
  url: v.string(),
  supportedChains: v.array(caipNetwork),
  /** A test provider paying with test money. */
  sandbox: v.boolean(),
})
export type OnrampProvider = v.InferOutput<typeof OnrampProvider>

/** `GET /v1/onramp/providers`. */
export const OnrampProvidersResponse = v.object({
  providers: v.array(OnrampProvider),
  /** IANA time zones whose visitors do not see the on-ramp. */
  restrictedTimezones: v.array(v.string()),
})
export type OnrampProvidersResponse = v.InferOutput<typeof OnrampProvidersResponse>

export const OnrampNetwork = v.object({
  /** The chain's name, `Foyer Local`. */
  name: v.string(),
  chainId: caipNetwork,
  /** The ERC-20, or `NATIVE_TOKEN_ADDRESS_EVM` for the native currency. */
  contractAddress: v.string(),
})
export type OnrampNetwork = v.InferOutput<typeof OnrampNetwork>

export const OnrampPurchaseCurrency = v.object({
  /** `ETH`, `fUSD`: what quote and URL requests name. */
  id: v.string(),
  name: v.string(),
  symbol: v.string(),
  networks: v.array(OnrampNetwork),
})
export type OnrampPurchaseCurrency = v.InferOutput<typeof OnrampPurchaseCurrency>

export const OnrampPaymentMethodLimit = v.object({ id: v.string(), min: v.string(), max: v.string() })
export type OnrampPaymentMethodLimit = v.InferOutput<typeof OnrampPaymentMethodLimit>

export const OnrampPaymentCurrencyOption = v.object({
  id: v.string(),
  payment_method_limits: v.array(OnrampPaymentMethodLimit),
})
export type OnrampPaymentCurrencyOption = v.InferOutput<typeof OnrampPaymentCurrencyOption>

/** `GET /v1/onramp/options?provider`. */
export const OnrampOptionsResponse = v.object({
  purchaseCurrencies: v.array(OnrampPurchaseCurrency),
  paymentCurrencies: v.array(OnrampPaymentCurrencyOption),
})
export type OnrampOptionsResponse = v.InferOutput<typeof OnrampOptionsResponse>

/** `GET /v1/onramp/options` query. */
export const OnrampOptionsQuery = v.object({ provider: v.optional(OnrampProviderId) })

/**
 * A decimal amount sent as text or as a JSON number, read as text: a finite number becomes its shortest decimal
 * form (`99.5` → `"99.5"`), which the same pattern as a string then checks, so `0.1 + 0.2` (`"0.30000000000000004"`)
 * or `1e21` is refused rather than rounded.
 */
const decimalText = (message: string) =>
  v.union(
    [
      v.string(message),
      v.pipe(
        v.number(message),
        v.finite(message),
        v.transform((n) => String(n)),
      ),
    ],
    message,
  )

const FIAT_MESSAGE = 'must be an amount of money with at most 2 decimals, such as "100.00" or 100'
/** A fiat amount, at most 2 decimals, as text or a JSON number: `"100"`, `"99.5"`, `"100.00"`, `99.5`; read as text. */
export const FiatAmount = v.pipe(decimalText(FIAT_MESSAGE), v.regex(/^[0-9]{1,12}(?:\.[0-9]{1,2})?$/, FIAT_MESSAGE))

const CURRENCY_ID_MESSAGE =
  'must be a currency id such as fUSD, ETH, USD or EUR, or an option of GET /v1/onramp/options'
/**
 * A currency by its id (`"ETH"`), or as the option object `GET /v1/onramp/options` lists (`{ id: "ETH", name, … }`),
 * whose `id` is taken; either way the id is checked the same.
 */
const currencyId = v.pipe(
  v.union(
    [
      v.string(CURRENCY_ID_MESSAGE),
      v.pipe(
        v.looseObject({ id: v.string(CURRENCY_ID_MESSAGE) }, CURRENCY_ID_MESSAGE),
        v.transform((option) => option.id),
      ),
    ],
    CURRENCY_ID_MESSAGE,
  ),
  v.regex(/^[A-Za-z0-9.$-]{1,32}$/, CURRENCY_ID_MESSAGE),
)
const NETWORK_MESSAGE =
  'must be a CAIP-2 chain id such as eip155:31337, or a network name the server maps to one (ethereum, base …)'
/**
 * A network: a CAIP-2 id, or a name the operator maps to one (FOYER_ONRAMP_NETWORKS: `ethereum`, `base` …); a quote's
 * network may also be the purchase currency's symbol. The server resolves names against its configuration.
 */
const network = v.pipe(
  v.string(NETWORK_MESSAGE),
  v.regex(/^(?:eip155:[0-9]{1,16}|[A-Za-z][A-Za-z0-9._-]{0,31})$/, NETWORK_MESSAGE),
)
const METHOD_MESSAGE = 'must be a payment method id such as card or bank_account'
const paymentMethod = v.pipe(v.string(METHOD_MESSAGE), v.regex(/^[a-z_]{1,32}$/, METHOD_MESSAGE))

const quoteEntries = {
  purchaseCurrency: currencyId,
  paymentCurrency: currencyId,
  /** What the visitor pays, fees included. */
  amount: FiatAmount,
  network,
  paymentMethod: v.optional(paymentMethod, 'card'),
  provider: v.optional(OnrampProviderId),
}

/** `POST /v1/onramp/quote` body. */
export const OnrampQuoteBody = v.object(
  quoteEntries,
  objectMessage(quoteEntries, 'send a JSON body {purchaseCurrency, paymentCurrency, amount, network}'),
)
export type OnrampQuoteBodyInput = v.InferInput<typeof OnrampQuoteBody>

/** An amount with its currency: `{ amount: "97.41", currency: "USD" }`, `{ amount: "0.0312", currency: "ETH" }`. */
export const OnrampMoney = v.object({ amount: v.string(), currency: v.string() })
export type OnrampMoney = v.InferOutput<typeof OnrampMoney>

/**
 * `POST /v1/onramp/quote`: `total` (= the amount asked) = `subtotal` + `fees.total`. The same figures also come as
 * amounts with their currency: `paymentTotal` (= total), `paymentSubtotal` (= subtotal), `coinbaseFee` (= the
 * provider's fee), `networkFee`, and `purchaseAmount`, the token the subtotal buys.
 */
export const OnrampQuoteResponse = v.object({
  quoteId: v.string(),
  provider: v.string(),
  fees: v.object({ provider: v.string(), network: v.string(), total: v.string() }),
  subtotal: v.string(),
  total: v.string(),
  /** The token the subtotal buys: `amount` an exact decimal string, `currency` the purchase currency id. */
  purchaseAmount: OnrampMoney,
  paymentTotal: OnrampMoney,
  paymentSubtotal: OnrampMoney,
  /** The provider's fee (whichever provider quotes), in the payment currency. */
  coinbaseFee: OnrampMoney,
  networkFee: OnrampMoney,
  /** ISO 8601; after it the quote is refused with 410 `quote_expired`. */
  expiresAt: v.string(),
})
export type OnrampQuoteResponse = v.InferOutput<typeof OnrampQuoteResponse>

const DESTINATIONS_MESSAGE = 'must be one destination wallet {address, blockchains, assets}'
const destinationEntries = {
  address: EvmAddress,
  blockchains: v.pipe(v.array(network, 'must be a list of CAIP-2 chain ids or network names'), v.maxLength(16)),
  assets: v.optional(v.pipe(v.array(currencyId, 'must be a list of currency ids'), v.maxLength(16))),
}
const DestinationWallet = v.object(destinationEntries, objectMessage(destinationEntries, DESTINATIONS_MESSAGE))

const CRYPTO_AMOUNT_MESSAGE = 'must be a token amount as a decimal, such as "0.05" or 0.05'
const urlEntries = {
  destinationWallets: v.pipe(
    v.array(DestinationWallet, DESTINATIONS_MESSAGE),
    v.minLength(1, DESTINATIONS_MESSAGE),
    v.maxLength(1, DESTINATIONS_MESSAGE),
  ),
  defaultNetwork: v.optional(network),
  partnerUserId: v.optional(v.pipe(v.string('must be text'), v.maxLength(128, 'must be at most 128 characters'))),
  defaultExperience: v.optional(v.picklist(['buy'], 'must be "buy"')),
  presetCryptoAmount: v.optional(
    v.pipe(decimalText(CRYPTO_AMOUNT_MESSAGE), v.regex(/^[0-9]{1,30}(?:\.[0-9]{1,18})?$/, CRYPTO_AMOUNT_MESSAGE)),
  ),
  presetFiatAmount: v.optional(FiatAmount),
  paymentCurrency: v.optional(currencyId),
  paymentMethod: v.optional(paymentMethod),
  quoteId: v.optional(v.pipe(v.string('must be a quote id'), v.uuid('must be a quote id'))),
  provider: v.optional(OnrampProviderId),
}

/**
 * `POST /v1/generators/onrampurl` body. With `quoteId` the purchase takes the quote's figures; otherwise the first
 * asset on `defaultNetwork` (or the first blockchain) is priced from `presetFiatAmount` (default the minimum).
 */
export const OnrampUrlBody = v.object(
  urlEntries,
  objectMessage(urlEntries, 'send a JSON body {destinationWallets, defaultNetwork, partnerUserId, defaultExperience}'),
)
export type OnrampUrlBodyInput = v.InferInput<typeof OnrampUrlBody>

/**
 * `POST /v1/generators/onrampurl`: the provider's checkout page for the stored purchase, and the purchase's secret:
 * answered this once (the server keeps only its hash), it is what reads the purchase (`x-foyer-purchase-secrets`
 * on `GET /v1/onramp/purchases/{id}` and on `history?onramp`), so the page keeps it.
 */
export const OnrampUrlResponse = v.object({ url: v.string(), purchaseId: v.string(), purchaseSecret: v.string() })
export type OnrampUrlResponse = v.InferOutput<typeof OnrampUrlResponse>

/** `GET /v1/onramp/purchases/{id}` path. */
export const OnrampPurchaseParams = v.object({
  id: v.pipe(v.string('must be a purchase id'), v.uuid('must be a purchase id')),
})

/** One purchase. */
export const OnrampPurchase = v.object({
  id: v.string(),
  provider: v.string(),
  status: OnrampStatus,
  /** Where the token goes, lower-case. */
  address: v.string(),
  network: caipNetwork,
  purchaseCurrency: v.string(),
  purchaseAmount: v.string(),
  paymentCurrency: v.string(),
  paymentMethod: v.string(),
  total: v.string(),
  txHash: v.optional(v.string()),
  failureReason: v.optional(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type OnrampPurchase = v.InferOutput<typeof OnrampPurchase>

/** `POST /v1/onramp/webhook/{provider}` path. */
export const OnrampWebhookParams = v.object({ provider: OnrampProviderId })

const TX_HASH_MESSAGE = 'must be a 0x-prefixed 32-byte transaction hash'
const webhookEntries = {
  eventId: v.pipe(v.string('must be the event id'), v.regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'must be the event id')),
  purchaseId: v.pipe(v.string('must be a purchase id'), v.uuid('must be a purchase id')),
  status: v.picklist(['pending', 'paid', 'completed', 'failed'], 'must be pending, paid, completed or failed'),
  txHash: v.optional(v.pipe(v.string(TX_HASH_MESSAGE), v.regex(/^0x[0-9a-fA-F]{64}$/, TX_HASH_MESSAGE))),
  failureReason: v.optional(v.pipe(v.string('must be text'), v.maxLength(500, 'must be at most 500 characters'))),
}

/** The JSON a provider posts to its webhook (signed in `x-foyer-signature`). */
export const OnrampWebhookEvent = v.object(
  webhookEntries,
  objectMessage(webhookEntries, 'send a JSON body {eventId, purchaseId, status, txHash?, failureReason?}'),
)
export type OnrampWebhookEvent = v.InferOutput<typeof OnrampWebhookEvent>

/** `POST /v1/onramp/webhook/{provider}`: `duplicate` when the event id was seen before (nothing changed). */
export const OnrampWebhookResponse = v.object({
  received: v.boolean(),
  duplicate: v.boolean(),
  /** The purchase's status after the event. */
  status: v.optional(OnrampStatus),
})
export type OnrampWebhookResponse = v.InferOutput<typeof OnrampWebhookResponse>
