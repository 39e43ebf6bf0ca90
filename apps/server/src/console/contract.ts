/**
 * The operator's console API: what `foyer-server` answers under `/console/api/` to the console web app it serves at
 * `/console` (same origin, so the session cookie is `SameSite=Strict`). Types only: the console app imports them
 * (`import type`), the server's handlers answer them. Errors use the server's one envelope (`ApiErrorBody`).
 *
 * Session: the cookie `CONSOLE_SESSION_COOKIE` (HttpOnly, SameSite=Strict, Secure on https, Path=/console). Every
 * request that changes something (POST, PATCH, PUT, DELETE) carries the session's CSRF token in the
 * `CONSOLE_CSRF_HEADER` header and an `Origin` equal to the server's own; otherwise 403 `csrf_failed`. Signing in
 * (password or link) needs the same-origin `Origin` but no token (there is no session yet). The CSRF token stays the
 * same for the whole session (it is derived from the cookie's token): `GET /session` answers it again after a reload.
 * A session lasts 12 hours after its last request, at most 7 days. `429 operator_locked` (5 wrong passwords in a row
 * lock the operator for 15 minutes) carries `Retry-After` and `details.retryAfterSeconds`; a sign-in link still works.
 *
 *   GET    /console/api/session                        → ConsoleSession                 401 not_signed_in
 *   POST   /console/api/session          PasswordSignIn → ConsoleSession (sets cookie)  401 bad_credentials, 429 operator_locked
 *   POST   /console/api/session/link     LinkRequest    → 202 {} (whether or not the address is an operator's)
 *   POST   /console/api/session/link/use LinkUse        → ConsoleSession (sets cookie)  400 login_link_invalid
 *   DELETE /console/api/session                         → 204 (cookie cleared)
 *
 *   GET    /console/api/projects                        → { projects: ConsoleProject[] }
 *   POST   /console/api/projects         ProjectCreate  → 201 ConsoleProject            409 project_exists
 *   PATCH  /console/api/projects/:id     ProjectPatch   → ConsoleProject                404 unknown_project
 *   PUT    /console/api/projects/:id/social/:provider  SocialCredentialsInput → ConsoleProject
 *   DELETE /console/api/projects/:id/social/:provider  → ConsoleProject
 *
 *   GET    /console/api/projects/:id/analytics?range=day|week|month → AnalyticsReport
 *
 *   GET    /console/api/chains                         → ConsoleChains
 *
 * The three sign-in POSTs also answer 429 `too_many_attempts` (with Retry-After) past 30 a client address makes in
 * 15 minutes.
 *
 * The sign-in link mailed to an operator opens `/console/?link=<token>`; the console POSTs the token to
 * `/session/link/use` (a GET never signs in, so a mail scanner that follows links spends nothing).
 */
import type { ApiErrorCode, ServerFeatures, SocialProvider } from '@foyer/core/protocol'

export const CONSOLE_PATH = '/console'
export const CONSOLE_API_PATH = '/console/api'
export const CONSOLE_SESSION_COOKIE = 'foyer_console'
export const CONSOLE_CSRF_HEADER = 'x-foyer-csrf'

/** What every request that changes something may answer (415, bad JSON), and what every guarded route may. */
const BODY = ['invalid_json', 'unsupported_media_type'] as const
const GUARD = ['not_signed_in', 'csrf_failed'] as const
const SIGN_IN = [...BODY, 'csrf_failed', 'too_many_attempts'] as const

/**
 * Every route of the console API, as `METHOD /path` (`:name` a path parameter), with the codes its own checks answer
 * beyond those any route may (`ANY_ROUTE_ERRORS`): docs/api.md documents each, the server serves exactly these.
 */
export const CONSOLE_ROUTES = {
  'GET /console/api/session': GUARD,
  'POST /console/api/session': [...SIGN_IN, 'bad_credentials', 'operator_locked'],
  'POST /console/api/session/link': SIGN_IN,
  'POST /console/api/session/link/use': [...SIGN_IN, 'login_link_invalid'],
  'DELETE /console/api/session': GUARD,
  'GET /console/api/projects': GUARD,
  'POST /console/api/projects': [...GUARD, ...BODY, 'project_exists'],
  'PATCH /console/api/projects/:id': [...GUARD, ...BODY, 'unknown_project'],
  'PUT /console/api/projects/:id/social/:provider': [...GUARD, ...BODY, 'unknown_project'],
  'DELETE /console/api/projects/:id/social/:provider': [...GUARD, 'unknown_project'],
  'GET /console/api/projects/:id/analytics': [...GUARD, 'unknown_project'],
  'GET /console/api/chains': GUARD,
} as const satisfies Record<string, readonly ApiErrorCode[]>

export interface ConsoleOperator {
  email: string
}

/** The signed-in operator and the token every changing request sends in `CONSOLE_CSRF_HEADER`. */
export interface ConsoleSession {
  operator: ConsoleOperator
  csrfToken: string
}

export interface PasswordSignIn {
  email: string
  password: string
}

export interface LinkRequest {
  email: string
}

export interface LinkUse {
  token: string
}

/** A provider's credentials as the console sees them: the secret never comes back, only whether one is set. */
export interface ConsoleSocialCredentials {
  clientId: string
  hasClientSecret: boolean
  issuer?: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userinfoEndpoint?: string
  scopes?: string[]
}

export interface ConsoleProject {
  id: string
  name: string
  allowedOrigins: string[]
  /** Every switch with its effective value (the defaults filled in). */
  features: ServerFeatures
  socialLogin: Partial<Record<SocialProvider, ConsoleSocialCredentials>>
  /** The gas sponsorship policy; null: the project sponsors nothing. */
  sponsorship: ConsoleSponsorshipPolicy | null
  createdAt: string
  updatedAt: string
}

export interface ProjectCreate {
  id: string
  name?: string
  allowedOrigins?: string[]
}

/**
 * Whose gas a project pays: operations on `chains` whose every call targets one of `contracts`, up to
 * `maxOperationsPerAccountPerDay` operations and `maxGasWeiPerAccountPerDay` wei (a decimal string) per account,
 * chain and UTC day.
 */
export interface ConsoleSponsorshipPolicy {
  chains: number[]
  contracts: string[]
  maxOperationsPerAccountPerDay: number
  maxGasWeiPerAccountPerDay: string
}

/** A chain this server serves, and its verifying paymaster (FOYER_PAYMASTERS, or the devnet file's). */
export interface ConsoleChain {
  id: number
  name: string
  /** The paymaster's address; null: none on this chain, so nothing on it is sponsored whatever a policy says. */
  paymaster: string | null
}

/**
 * The chains this server serves, as the console's sponsorship form lists them. `paymasterSigner`: whether the server
 * has the paymasters' signer key (FOYER_PAYMASTER_SIGNER_KEY); without it no chain is sponsored. Never the key.
 */
export interface ConsoleChains {
  chains: ConsoleChain[]
  paymasterSigner: boolean
}

/**
 * Any subset; `features` merges into the project's switches (a switch given replaces that switch only);
 * `sponsorship` replaces the policy whole (null: none).
 */
export interface ProjectPatch {
  name?: string
  allowedOrigins?: string[]
  features?: Partial<ServerFeatures>
  sponsorship?: ConsoleSponsorshipPolicy | null
}

/** Writing a provider's credentials: `clientSecret` absent keeps the stored one (it is write-only). */
export interface SocialCredentialsInput {
  clientId: string
  clientSecret?: string
  issuer?: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userinfoEndpoint?: string
  scopes?: string[]
}

export const ANALYTICS_RANGES = ['day', 'week', 'month'] as const
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]

/**
 * One project's analytics over a range ending now: a day in hourly buckets, a week and a month in daily ones (UTC).
 * Every series lists every bucket of the range, zeros included, oldest first. Times are ISO 8601 strings.
 */
export interface AnalyticsReport {
  range: AnalyticsRange
  from: string
  to: string
  bucket: 'hour' | 'day'
  totals: {
    /** Distinct visits (a browser tab's session) that opened the modal at least once. */
    visitors: number
    opens: number
    connects: number
    swaps: number
    buys: number
    errors: number
  }
  /** Per bucket: visits that opened the modal, of those the ones that chose a connect method, and that connected. */
  funnel: { at: string; opened: number; methodChosen: number; connected: number }[]
  /** CONNECT_SUCCESS by wallet name and by method, most first. */
  connectsByWallet: { wallet: string; count: number }[]
  connectsByMethod: { method: string; count: number }[]
  /** Network ids seen in SWITCH_NETWORK and in swaps and sends, most first. */
  networks: { networkId: string; count: number }[]
  /** Per bucket: SWAP_SUCCESS and BUY_RESULT with result `success`. */
  swapsAndBuys: { at: string; swaps: number; buys: number }[]
  /** `*_ERROR` events by event and code, most first, each with its latest few examples. */
  errors: {
    event: string
    code: string | null
    count: number
    latest: { at: string; props: Record<string, string | number | boolean>; url: string }[]
  }[]
}
