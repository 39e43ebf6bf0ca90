/**
 * Every route of the Foyer server: its method and path, by name. The route table (routes.ts) adds each route's
 * schemas, answer and error codes to these; the clients call a route by its name here. No valibot here, so the
 * browser bundle carries the paths without the schemas. Paths are Hono patterns: `:name` is a path parameter.
 */

export type HttpMethod = 'GET' | 'POST'

export type Endpoint = { readonly method: HttpMethod; readonly path: string }

const get = <const Path extends string>(path: Path) => ({ method: 'GET', path }) as const
const post = <const Path extends string>(path: Path) => ({ method: 'POST', path }) as const

export const endpoints = {
  // The server itself and the calling project.
  health: get('/health'),
  metrics: get('/metrics'),
  project: get('/v1/project'),

  // Swaps.
  swapTokens: get('/v1/convert/tokens'),
  swapQuotes: get('/v1/convert/quotes'),
  swapAllowance: get('/v1/convert/allowance'),
  swapGasPrice: get('/v1/convert/gas-price'),
  swapBuildApprove: get('/v1/convert/build-approve'),
  swapBuildTransaction: post('/v1/convert/build-transaction'),

  // Account data.
  accountBalance: get('/v1/account/:address/balance'),
  fungiblePrice: post('/v1/fungible/price'),
  identity: get('/v1/identity/:address'),
  accountHistory: get('/v1/account/:account/history'),

  // Account names.
  nameAccount: get('/v1/profile/account/:name'),
  nameReverse: get('/v1/profile/reverse/:address'),
  nameSuggestions: get('/v1/profile/suggestions/:name'),
  nameRegister: post('/v1/profile/account'),

  // The on-ramp.
  onrampProviders: get('/v1/onramp/providers'),
  onrampOptions: get('/v1/onramp/options'),
  onrampQuote: post('/v1/onramp/quote'),
  onrampUrl: post('/v1/generators/onrampurl'),
  onrampPurchase: get('/v1/onramp/purchases/:id'),
  onrampWebhook: post('/v1/onramp/webhook/:provider'),

  // Sign-in with Ethereum.
  siweNonce: get('/v1/auth/siwe/nonce'),
  siweVerify: post('/v1/auth/siwe/verify'),
  siweSession: get('/v1/auth/siwe/session'),
  siweSignOut: post('/v1/auth/siwe/sign-out'),
  jwks: get('/.well-known/jwks.json'),

  // The wallet catalogue and the images.
  wallets: get('/getWallets'),
  walletImage: get('/getWalletImage/:id'),
  assetImage: get('/public/getAssetImage/:id'),
  currencyImage: get('/public/getCurrencyImage/:id'),
  tokenImage: get('/public/getTokenImage/:id'),
  analyticsConfig: get('/getAnalyticsConfig'),

  // The embedded wallet (only the secure frame calls these).
  embeddedConfig: get('/v1/embedded/config'),
  embeddedEmailStart: post('/v1/embedded/email/start'),
  embeddedEmailVerify: post('/v1/embedded/email/verify'),
  embeddedDeviceApprovePage: get('/v1/embedded/device/approve'),
  embeddedDeviceApprove: post('/v1/embedded/device/approve'),
  embeddedSession: get('/v1/embedded/session'),
  embeddedWallet: post('/v1/embedded/wallet'),
  embeddedSignOut: post('/v1/embedded/sign-out'),
  embeddedDevices: get('/v1/embedded/devices'),
  embeddedDeviceRevoke: post('/v1/embedded/devices/revoke'),
  embeddedEmailUpdate: post('/v1/embedded/email/update'),
  embeddedEmailUpdatePrimary: post('/v1/embedded/email/update/primary'),
  embeddedEmailUpdateSecondary: post('/v1/embedded/email/update/secondary'),
} as const satisfies Record<string, Endpoint>

export type Endpoints = typeof endpoints
export type RouteName = keyof Endpoints

/** The names of a path's parameters: `'/v1/account/:address/balance'` → `'address'`. */
export type PathParameterNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

/** A path with its parameters filled in, each URI-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs its :${name} parameter`)
    return encodeURIComponent(value)
  })
}
