import type * as v from 'valibot'
import {
  AccountAddressParams,
  AccountBalanceParams,
  AccountBalanceQuery,
  type AccountBalanceResponse,
  AccountHistoryParams,
  AccountHistoryQuery,
  type AccountHistoryResponse,
  FungiblePriceBody,
  type FungiblePriceResponse,
  type IdentityResponse,
} from './accountData.ts'
import { AnalyticsBatchBody } from './analyticsSchema.ts'
import { GetWalletsQuery, type GetWalletsResponse } from './catalogue.ts'
import {
  DeviceRevokeBody,
  EmailStartBody,
  EmailUpdateBody,
  EmailUpdateCodeBody,
  EmailVerifyBody,
  type EmbeddedActionResponse,
  type EmbeddedConfigResponse,
  type EmbeddedDevicesResponse,
  type EmbeddedEmailResponse,
  type EmbeddedOkResponse,
  type EmbeddedSessionResponse,
  type EmbeddedUserResponse,
  SignOutBody,
  SocialFinishBody,
  type SocialFinishResponse,
  SocialProviderParams,
  SocialStartBody,
  type SocialStartResponse,
  WalletLinkBody,
} from './embedded.ts'
import { type Endpoint, type Endpoints, endpoints, type PathParameterNames, type RouteName } from './endpoints.ts'
import type { ApiErrorCode } from './errors.ts'
import type { ProjectResponse } from './features.ts'
import { NameParams, type NameRecord, type NameSuggestionsResponse, RegisterNameBody } from './names.ts'
import {
  OnrampOptionsQuery,
  type OnrampOptionsResponse,
  type OnrampProvidersResponse,
  type OnrampPurchase,
  OnrampPurchaseParams,
  OnrampQuoteBody,
  type OnrampQuoteResponse,
  OnrampUrlBody,
  type OnrampUrlResponse,
  OnrampWebhookEvent,
  OnrampWebhookParams,
  type OnrampWebhookResponse,
} from './onramp.ts'
import type { AnalyticsConfigResponse, AnalyticsEventsResponse, HealthResponse } from './service.ts'
import {
  type SiweJwksResponse,
  type SiweNonceResponse,
  type SiweSessionResponse,
  type SiweSignOutResponse,
  SiweVerifyRequest,
  type SiweVerifyResponse,
} from './siwe.ts'
import type { PaymasterRpcResponse } from './sponsorship.ts'
import {
  SwapAllowanceQuery,
  type SwapAllowanceResponse,
  SwapBuildApproveQuery,
  type SwapBuildApproveResponse,
  SwapBuildTransactionBody,
  type SwapBuildTransactionResponse,
  SwapChainQuery,
  type SwapGasPriceResponse,
  SwapQuoteQuery,
  type SwapQuotesResponse,
  type SwapTokensResponse,
} from './swap.ts'

/**
 * The route table: every route of the Foyer server, by name, with its method and path (endpoints.ts), the schemas
 * of its path parameters, query and JSON body, its answer, and the error codes it answers with. The server registers
 * each route from its entry and checks its input with the entry's schemas; the clients call a route by its name and
 * take its input and answer types from the entry; a test checks the table against the routes the server registers,
 * another docs/api.md against the table.
 */

/** A JSON answer of type `T` (the type only: nothing of `T` exists at run time). */
export type JsonAnswer<T> = { readonly type: 'json'; readonly json?: T }
/** An answer that is not JSON: an image, an HTML page, Prometheus text. */
export type OtherAnswer = { readonly type: 'image/svg+xml' | 'text/html' | 'text/plain' }
export type RouteAnswer = JsonAnswer<unknown> | OtherAnswer

const json = <T>(): JsonAnswer<T> => ({ type: 'json' })
const svg: OtherAnswer = { type: 'image/svg+xml' }
const html: OtherAnswer = { type: 'text/html' }
const text: OtherAnswer = { type: 'text/plain' }

/** What a route adds to its method and path. */
export type RouteDetails = {
  /** Path parameters (`:address`), as the server reads them. */
  readonly params?: v.GenericSchema
  readonly query?: v.GenericSchema
  readonly body?: v.GenericSchema
  /** Parameters whose problem has its own code instead of `invalid_request` (`{ address: 'invalid_address' }`). */
  readonly codes?: Readonly<Record<string, ApiErrorCode>>
  readonly answer: RouteAnswer
  /** The codes this route's own checks answer with, beyond those any route may (`ANY_ROUTE_ERRORS`). */
  readonly errors: readonly ApiErrorCode[]
}

export type Route = Endpoint & RouteDetails

/**
 * Codes any route may answer with: a body too large, a database (or the limits' counter store) down, a bug, a request
 * the app's handler refuses.
 */
export const ANY_ROUTE_ERRORS = [
  'bad_request',
  'conflict',
  'database_unavailable',
  'limits_unavailable',
  'internal_error',
  'invalid_request',
  'payload_too_large',
] as const satisfies readonly ApiErrorCode[]

/** The project check and rate limits in front of the data API and the catalogue. */
const PROJECT = [
  'invalid_header',
  'invalid_json',
  'invalid_project_id',
  'missing_project_id',
  'origin_not_allowed',
  'project_id_mismatch',
  'rate_limited',
  'unknown_project',
] as const satisfies readonly ApiErrorCode[]
/** The same without the rate limits (the images). */
const PROJECT_UNLIMITED = [
  'invalid_header',
  'invalid_json',
  'invalid_project_id',
  'missing_project_id',
  'origin_not_allowed',
  'project_id_mismatch',
  'unknown_project',
] as const satisfies readonly ApiErrorCode[]
/** The embedded wallet's project check: the frame's origin, a project with email login on. */
const FRAME = [
  'feature_disabled',
  'invalid_json',
  'invalid_project_id',
  'missing_project_id',
  'origin_not_allowed',
  'unknown_project',
] as const satisfies readonly ApiErrorCode[]
/** A route that mails a code or a link. */
const MAIL = [
  'email_rate_limited',
  'mail_unavailable',
  'send_quota_exceeded',
] as const satisfies readonly ApiErrorCode[]
/** A route that checks a mailed code. */
const CODE = ['code_expired', 'invalid_code', 'too_many_attempts'] as const satisfies readonly ApiErrorCode[]
/** A route that reads a chain. */
const CHAIN = ['chain_unavailable', 'contract_call_failed'] as const satisfies readonly ApiErrorCode[]
const SWAP = [...PROJECT, ...CHAIN, 'feature_disabled', 'unsupported_chain'] as const
const ONRAMP = [...PROJECT, 'feature_disabled'] as const
/** What pricing a purchase can answer: its body's unknown names, the method's limits, a price it cannot find. */
const ONRAMP_PRICING = [
  ...ONRAMP,
  ...CHAIN,
  'unsupported_media_type',
  'unknown_provider',
  'unknown_payment_method',
  'unknown_currency',
  'unknown_payment_currency',
  'unknown_network',
  'amount_below_minimum',
  'amount_above_maximum',
  'price_unavailable',
] as const satisfies readonly ApiErrorCode[]
const NAMES = [...PROJECT, 'feature_disabled', 'invalid_name'] as const

/** The account-data parameters whose problem has a code of its own. */
const ADDRESS = { address: 'invalid_address' } as const
const CHAIN_ID = { chainId: 'invalid_chain_id' } as const
const CURRENCY = { currency: 'unsupported_currency' } as const
const ACCOUNT_DATA = [...PROJECT, ...CHAIN, 'invalid_chain_id', 'unknown_chain'] as const

function defineRoutes<const Details extends { readonly [Name in RouteName]: RouteDetails }>(
  details: Details,
): { readonly [Name in RouteName]: Endpoints[Name] & Details[Name] } {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [name, { ...endpoint, ...details[name as RouteName] }]),
  ) as { readonly [Name in RouteName]: Endpoints[Name] & Details[Name] }
}

// Pure: a bundle that imports only the endpoints or the types from this package carries none of the schemas.
export const routes = /* @__PURE__ */ defineRoutes({
  health: { answer: json<HealthResponse>(), errors: [] },
  metrics: { answer: text, errors: ['unauthorized'] },
  project: { answer: json<ProjectResponse>(), errors: PROJECT },

  swapTokens: { query: SwapChainQuery, answer: json<SwapTokensResponse>(), errors: SWAP },
  swapQuotes: { query: SwapQuoteQuery, answer: json<SwapQuotesResponse>(), errors: [...SWAP, 'no_route'] },
  swapAllowance: { query: SwapAllowanceQuery, answer: json<SwapAllowanceResponse>(), errors: SWAP },
  swapGasPrice: { query: SwapChainQuery, answer: json<SwapGasPriceResponse>(), errors: SWAP },
  swapBuildApprove: {
    query: SwapBuildApproveQuery,
    answer: json<SwapBuildApproveResponse>(),
    errors: [...SWAP, 'approval_not_needed', 'transaction_would_fail'],
  },
  swapBuildTransaction: {
    body: SwapBuildTransactionBody,
    answer: json<SwapBuildTransactionResponse>(),
    errors: [...SWAP, 'no_route', 'insufficient_allowance', 'transaction_would_fail'],
  },

  accountBalance: {
    params: AccountBalanceParams,
    query: AccountBalanceQuery,
    codes: { ...ADDRESS, ...CHAIN_ID, ...CURRENCY },
    answer: json<AccountBalanceResponse>(),
    errors: [...ACCOUNT_DATA, 'invalid_address', 'unsupported_currency'],
  },
  fungiblePrice: {
    body: FungiblePriceBody,
    codes: { ...CHAIN_ID, ...CURRENCY },
    answer: json<FungiblePriceResponse>(),
    errors: [...ACCOUNT_DATA, 'unsupported_currency'],
  },
  identity: {
    params: AccountAddressParams,
    codes: ADDRESS,
    answer: json<IdentityResponse>(),
    errors: [...PROJECT, 'invalid_address'],
  },
  accountHistory: {
    params: AccountHistoryParams,
    query: AccountHistoryQuery,
    codes: { account: 'invalid_address', ...CHAIN_ID },
    answer: json<AccountHistoryResponse>(),
    errors: [...ACCOUNT_DATA, 'invalid_address', 'feature_disabled', 'invalid_cursor'],
  },

  nameAccount: {
    params: NameParams,
    codes: { name: 'invalid_name' },
    answer: json<NameRecord>(),
    errors: [...NAMES, 'name_not_found'],
  },
  nameReverse: {
    params: AccountAddressParams,
    codes: ADDRESS,
    answer: json<NameRecord[]>(),
    errors: [...NAMES, 'invalid_address'],
  },
  nameSuggestions: {
    params: NameParams,
    codes: { name: 'invalid_name' },
    answer: json<NameSuggestionsResponse>(),
    errors: NAMES,
  },
  nameRegister: {
    body: RegisterNameBody,
    codes: { coin_type: 'invalid_coin_type', address: 'invalid_address' },
    answer: json<NameRecord>(),
    errors: [
      ...NAMES,
      ...CHAIN,
      'unsupported_media_type',
      'invalid_coin_type',
      'invalid_address',
      'message_mismatch',
      'stale_message',
      'invalid_signature',
      'name_taken',
    ],
  },

  onrampProviders: { answer: json<OnrampProvidersResponse>(), errors: ONRAMP },
  onrampOptions: {
    query: OnrampOptionsQuery,
    codes: { provider: 'unknown_provider' },
    answer: json<OnrampOptionsResponse>(),
    errors: [...ONRAMP, 'unknown_provider'],
  },
  onrampQuote: {
    body: OnrampQuoteBody,
    codes: {
      provider: 'unknown_provider',
      paymentMethod: 'unknown_payment_method',
      purchaseCurrency: 'unknown_currency',
      paymentCurrency: 'unknown_payment_currency',
      network: 'unknown_network',
    },
    answer: json<OnrampQuoteResponse>(),
    errors: ONRAMP_PRICING,
  },
  onrampUrl: {
    body: OnrampUrlBody,
    codes: {
      provider: 'unknown_provider',
      paymentMethod: 'unknown_payment_method',
      paymentCurrency: 'unknown_payment_currency',
      defaultNetwork: 'unknown_network',
    },
    answer: json<OnrampUrlResponse>(),
    errors: [...ONRAMP_PRICING, 'quote_not_found', 'quote_expired', 'quote_used', 'network_not_in_wallet'],
  },
  onrampPurchase: {
    params: OnrampPurchaseParams,
    codes: { id: 'invalid_purchase_id' },
    answer: json<OnrampPurchase>(),
    errors: [...ONRAMP, 'invalid_purchase_id', 'purchase_not_found'],
  },
  onrampWebhook: {
    params: OnrampWebhookParams,
    body: OnrampWebhookEvent,
    codes: { provider: 'unknown_provider' },
    answer: json<OnrampWebhookResponse>(),
    errors: ['unknown_provider', 'invalid_signature', 'invalid_json', 'purchase_not_found'],
  },

  // JSON-RPC: the body is read by the route itself, and a refusal is a JSON-RPC error (sponsorship.ts), not a code.
  paymaster: {
    answer: json<PaymasterRpcResponse>(),
    errors: [...PROJECT, 'unsupported_media_type'],
  },

  siweNonce: { answer: json<SiweNonceResponse>(), errors: PROJECT },
  siweVerify: {
    body: SiweVerifyRequest,
    answer: json<SiweVerifyResponse>(),
    errors: [
      ...PROJECT,
      'chain_unavailable',
      'invalid_message',
      'domain_mismatch',
      'unsupported_chain',
      'message_expired',
      'message_not_yet_valid',
      'invalid_nonce',
      'invalid_signature',
      'signing_key_unavailable',
    ],
  },
  siweSession: { answer: json<SiweSessionResponse>(), errors: [...PROJECT, 'unauthorized'] },
  siweSignOut: { answer: json<SiweSignOutResponse>(), errors: [...PROJECT, 'unauthorized'] },
  jwks: { answer: json<SiweJwksResponse>(), errors: ['signing_key_unavailable'] },

  wallets: { query: GetWalletsQuery, answer: json<GetWalletsResponse>(), errors: PROJECT },
  walletImage: { answer: svg, errors: [...PROJECT_UNLIMITED, 'unknown_wallet'] },
  assetImage: { answer: svg, errors: PROJECT_UNLIMITED },
  currencyImage: { answer: svg, errors: PROJECT_UNLIMITED },
  tokenImage: { answer: svg, errors: PROJECT_UNLIMITED },
  analyticsConfig: { answer: json<AnalyticsConfigResponse>(), errors: PROJECT },
  analyticsEvents: {
    body: AnalyticsBatchBody,
    answer: json<AnalyticsEventsResponse>(),
    errors: [...PROJECT, 'feature_disabled', 'unsupported_media_type'],
  },

  embeddedConfig: { answer: json<EmbeddedConfigResponse>(), errors: FRAME },
  // JSON-RPC as `paymaster`, for the frame's signed-in person: the session decides the project and the account.
  embeddedPaymaster: {
    answer: json<PaymasterRpcResponse>(),
    errors: [...FRAME, 'unauthorized', 'unsupported_media_type'],
  },
  embeddedEmailStart: {
    body: EmailStartBody,
    answer: json<EmbeddedActionResponse & { action: 'VERIFY_OTP' }>(),
    errors: [...FRAME, ...MAIL],
  },
  embeddedEmailVerify: {
    body: EmailVerifyBody,
    answer: json<EmbeddedSessionResponse>(),
    errors: [...FRAME, ...CODE],
  },
  // The link in the device-approval mail: a person opens it in a browser, so every answer is an HTML page.
  embeddedDeviceApprovePage: { answer: html, errors: [] },
  embeddedDeviceApprove: { answer: html, errors: [] },
  embeddedSession: { answer: json<EmbeddedUserResponse>(), errors: [...FRAME, 'unauthorized'] },
  embeddedWallet: {
    body: WalletLinkBody,
    answer: json<EmbeddedUserResponse>(),
    errors: [...FRAME, 'unauthorized', 'invalid_signature', 'wallet_exists'],
  },
  embeddedSignOut: { body: SignOutBody, answer: json<EmbeddedOkResponse>(), errors: [...FRAME, 'unauthorized'] },
  embeddedDevices: { answer: json<EmbeddedDevicesResponse>(), errors: [...FRAME, 'unauthorized'] },
  embeddedDeviceRevoke: {
    body: DeviceRevokeBody,
    answer: json<EmbeddedOkResponse>(),
    errors: [...FRAME, 'unauthorized', 'device_not_found'],
  },
  embeddedEmailUpdate: {
    body: EmailUpdateBody,
    answer: json<EmbeddedActionResponse & { action: 'VERIFY_PRIMARY_OTP' }>(),
    errors: [...FRAME, ...MAIL, 'unauthorized'],
  },
  embeddedEmailUpdatePrimary: {
    body: EmailUpdateCodeBody,
    answer: json<EmbeddedActionResponse & { action: 'VERIFY_SECONDARY_OTP' }>(),
    errors: [...FRAME, ...MAIL, ...CODE, 'unauthorized'],
  },
  embeddedEmailUpdateSecondary: {
    body: EmailUpdateCodeBody,
    answer: json<EmbeddedEmailResponse>(),
    errors: [...FRAME, ...CODE, 'unauthorized', 'email_taken'],
  },
  embeddedSocialStart: {
    params: SocialProviderParams,
    body: SocialStartBody,
    answer: json<SocialStartResponse>(),
    errors: [...FRAME, 'provider_not_configured', 'provider_unavailable', 'rate_limited'],
  },
  // The provider sends the person's browser back here, so every answer is an HTML page (the frame learns the
  // outcome from /social/finish).
  embeddedSocialCallback: { answer: html, errors: [] },
  embeddedSocialFinish: {
    body: SocialFinishBody,
    answer: json<SocialFinishResponse>(),
    errors: [
      ...FRAME,
      'login_cancelled',
      'login_expired',
      'login_failed',
      'login_not_found',
      'provider_unavailable',
      'rate_limited',
    ],
  },
})

export type Routes = typeof routes

/** The JSON answer of a route (`never` for an image or a page). */
export type AnswerOf<R extends Route> = R['answer'] extends JsonAnswer<infer T> ? T : never

type Schema<R extends Route, Part extends 'params' | 'query' | 'body'> = R[Part] extends v.GenericSchema
  ? R[Part]
  : never

/** What the server reads from a route's request once its schemas have checked it. */
export type ParsedParams<R extends Route> = v.InferOutput<Schema<R, 'params'>>
export type ParsedQuery<R extends Route> = v.InferOutput<Schema<R, 'query'>>
export type ParsedBody<R extends Route> = v.InferOutput<Schema<R, 'body'>>

/** A query parameter's value as a client sends it: text, a number, a flag, or a list (sent comma-separated). */
export type QueryValue = string | number | boolean | readonly string[] | undefined | null

/**
 * What a client sends a route: `params` when the path has parameters (each one as text), `query` (every parameter optional as text or
 * a value written as text; only the names the route reads) and `body` (the schema's input) when the route reads them.
 */
export type RouteInput<R extends Route> = ([PathParameterNames<R['path']>] extends [never]
  ? { params?: never }
  : { params: { [Name in PathParameterNames<R['path']>]: string } }) &
  (R['query'] extends v.GenericSchema
    ? { query?: { [Name in keyof v.InferInput<Schema<R, 'query'>>]?: QueryValue } }
    : { query?: never }) &
  (R['body'] extends v.GenericSchema ? { body: BodyInput<Schema<R, 'body'>> } : { body?: never })

/**
 * A body's input. A body that refuses unknown fields (`objectWithRest` with `never`) is its named fields: valibot's
 * own input type adds an index signature of `never`, which no object literal a client builds satisfies.
 */
type BodyInput<S extends v.GenericSchema> =
  S extends v.ObjectWithRestSchema<infer Entries, v.NeverSchema<infer _>, infer _>
    ? v.InferInput<v.ObjectSchema<Entries, undefined>>
    : S extends v.OptionalSchema<infer Wrapped, infer _>
      ? BodyInput<Wrapped> | undefined
      : v.InferInput<S>
