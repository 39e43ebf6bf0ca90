/**
 * The analytics events: every event the modal emits on its bus (`subscribeEvents`) and sends to `POST /e`, each with
 * the props it may carry. Plain data, no valibot: the browser's client imports this list for its types and its
 * bands; the server builds its schema from the same list (analyticsSchema.ts), so a new event or prop is added once.
 *
 * Props never carry what a person typed: no email address, no name, no exact amount (an amount goes as a band of its
 * USD value, `AMOUNT_BANDS`). The one personal prop, `address`, leaves the page only when the site's option
 * `analytics.includeAddress` says so.
 */

/** How a wallet is connected: an extension or an announced wallet, WalletConnect, or the embedded wallet's logins. */
export const CONNECT_METHODS = ['browser', 'walletconnect', 'email', 'social', 'farcaster'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

/** A USD amount as a band: the only form an amount takes in an event. */
export const AMOUNT_BANDS = ['<10', '10-100', '100-1000', '>1000'] as const
export type AmountBand = (typeof AMOUNT_BANDS)[number]

/** The step of a swap that failed. */
export const SWAP_STEPS = ['quote', 'approve', 'submit'] as const
/** How a purchase ended, as far as the modal knows it. */
export const BUY_RESULTS = ['success', 'failed', 'checkout'] as const

/**
 * What a prop holds. `label`: a short text the modal itself chose, never typed by a person (a wallet's name, a
 * connector type, a network id, a token symbol, a provider id, an error code), at most `MAX_LABEL_LENGTH` characters.
 * `address`: an account address, sent only with the site's consent. An array: one of its values.
 */
export type AnalyticsPropKind = 'boolean' | 'integer' | 'label' | 'address' | readonly string[]

/** The longest `label` prop, and the longest `address` (an EVM address is 42, a Solana one up to 44). */
export const MAX_LABEL_LENGTH = 64
export const MAX_ADDRESS_LENGTH = 64

const wallet = { name: 'label', type: 'label', method: CONNECT_METHODS } as const
const provider = { provider: 'label' } as const
const failure = { code: 'label', rejected: 'boolean' } as const
const swap = { networkId: 'label', from: 'label', to: 'label', band: AMOUNT_BANDS } as const
const send = { networkId: 'label', token: 'label', band: AMOUNT_BANDS } as const

/** Every event by name, with the props it may carry (each optional). */
export const ANALYTICS_EVENTS = {
  MODAL_OPEN: { connected: 'boolean' },
  MODAL_CLOSE: { connected: 'boolean' },
  /** A connection starts: the wallet and the method. */
  SELECT_WALLET: wallet,
  CONNECT_SUCCESS: { ...wallet, address: 'address' },
  CONNECT_ERROR: { ...wallet, ...failure },
  DISCONNECT_SUCCESS: {},
  DISCONNECT_ERROR: {},
  SWITCH_NETWORK: { networkId: 'label' },
  SWITCH_NETWORK_ERROR: { networkId: 'label', rejected: 'boolean' },
  UNSUPPORTED_CHAIN: { networkId: 'label' },
  VIEW_ACCOUNT: {},
  VIEW_ACTIVITY: {},
  SWAP_QUOTE: swap,
  SWAP_APPROVE: { networkId: 'label', token: 'label' },
  SWAP_SUBMIT: swap,
  SWAP_SUCCESS: swap,
  SWAP_ERROR: { ...swap, step: SWAP_STEPS, ...failure },
  SEND_SUBMIT: send,
  SEND_SUCCESS: send,
  SEND_ERROR: { ...send, ...failure },
  /** The person goes to the provider's checkout (`provider`, the fiat amount's band, `currency` bought). */
  BUY_SUBMIT: { ...provider, band: AMOUNT_BANDS, currency: 'label' },
  BUY_RESULT: { ...provider, band: AMOUNT_BANDS, currency: 'label', result: BUY_RESULTS },
  NAME_REGISTER_SUCCESS: {},
  NAME_REGISTER_ERROR: failure,
  SIWE_AUTH_SUCCESS: { chainId: 'integer', address: 'address' },
  SIWE_AUTH_ERROR: { rejected: 'boolean' },
  SIWE_AUTH_CANCEL: {},
  SIWE_SIGN_OUT: {},
  EMAIL_LOGIN_START: {},
  EMAIL_LOGIN_SUCCESS: {},
  EMAIL_LOGIN_ERROR: failure,
  /** Social login and Sign in with Farcaster (`provider`: `google`, `x`, …, `farcaster`). */
  SOCIAL_LOGIN_START: provider,
  SOCIAL_LOGIN_SUCCESS: provider,
  SOCIAL_LOGIN_ERROR: { ...provider, ...failure },
} as const satisfies Record<string, Readonly<Record<string, AnalyticsPropKind>>>

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS

type PropValue<K> = K extends 'boolean'
  ? boolean
  : K extends 'integer'
    ? number
    : K extends readonly (infer V extends string)[]
      ? V
      : string

/** The props event `E` may carry, each optional. */
export type AnalyticsProps<E extends AnalyticsEventName> = {
  -readonly [P in keyof (typeof ANALYTICS_EVENTS)[E]]?: PropValue<(typeof ANALYTICS_EVENTS)[E][P]>
}

/** `track` for what happened, `error` for a failure (the `*_ERROR` events). */
export type AnalyticsEventType = 'track' | 'error'

/** One event on the wire: what `POST /e` takes, alone or in an array of at most `MAX_ANALYTICS_BATCH`. */
export type AnalyticsWireEvent = {
  /** A UUID the client draws: the server stores each (project, eventId) once, so a retried batch is not counted twice. */
  eventId: string
  /** The page's origin and path (never its query or fragment, which may hold personal data). */
  url: string
  /** The page's host name. */
  domain: string
  /** When the event happened, in milliseconds since the epoch (the client's clock). */
  timestamp: number
  /**
   * An anonymous visit: a UUID the sender draws once per browser tab session (kept in the tab's `sessionStorage`,
   * else in memory), so the console can count the visits that opened the modal and followed it to a connection. No
   * cookie, nothing shared across sites or tabs. Absent from senders older than it.
   */
  visitId?: string
  props: { type: AnalyticsEventType; event: AnalyticsEventName; properties?: Record<string, string | number | boolean> }
}

/** At most this many events in one `POST /e`. */
export const MAX_ANALYTICS_BATCH = 100

/** The band of a USD amount; undefined when the amount is unknown or not a number. */
export function amountBand(usd: number | undefined): AmountBand | undefined {
  if (usd === undefined || !Number.isFinite(usd) || usd < 0) return undefined
  if (usd < 10) return '<10'
  if (usd < 100) return '10-100'
  if (usd < 1000) return '100-1000'
  return '>1000'
}
