/**
 * Every route of the Foyer server: its name, method and path. The route table (routes.ts) adds each route's
 * schemas, answer and error codes to these; a client calls a route with its endpoint here. Each endpoint is a
 * constant of its own and no valibot is imported, so a browser bundle carries only the paths of the calls it makes,
 * each in the chunk that makes it. Paths are Hono patterns: `:name` is a path parameter.
 */

export type HttpMethod = 'GET' | 'POST'

export type Endpoint = { readonly name: string; readonly method: HttpMethod; readonly path: string }

// The server itself and the calling project.
export const health = { name: 'health', method: 'GET', path: '/health' } as const
export const metrics = { name: 'metrics', method: 'GET', path: '/metrics' } as const
export const project = { name: 'project', method: 'GET', path: '/v1/project' } as const

// Swaps.
export const swapTokens = { name: 'swapTokens', method: 'GET', path: '/v1/convert/tokens' } as const
export const swapQuotes = { name: 'swapQuotes', method: 'GET', path: '/v1/convert/quotes' } as const
export const swapAllowance = { name: 'swapAllowance', method: 'GET', path: '/v1/convert/allowance' } as const
export const swapGasPrice = { name: 'swapGasPrice', method: 'GET', path: '/v1/convert/gas-price' } as const
export const swapBuildApprove = { name: 'swapBuildApprove', method: 'GET', path: '/v1/convert/build-approve' } as const
export const swapBuildTransaction = {
  name: 'swapBuildTransaction',
  method: 'POST',
  path: '/v1/convert/build-transaction',
} as const

// Account data.
export const accountBalance = { name: 'accountBalance', method: 'GET', path: '/v1/account/:address/balance' } as const
export const fungiblePrice = { name: 'fungiblePrice', method: 'POST', path: '/v1/fungible/price' } as const
export const identity = { name: 'identity', method: 'GET', path: '/v1/identity/:address' } as const
export const accountHistory = { name: 'accountHistory', method: 'GET', path: '/v1/account/:account/history' } as const

// Account names.
export const nameAccount = { name: 'nameAccount', method: 'GET', path: '/v1/profile/account/:name' } as const
export const nameReverse = { name: 'nameReverse', method: 'GET', path: '/v1/profile/reverse/:address' } as const
export const nameSuggestions = {
  name: 'nameSuggestions',
  method: 'GET',
  path: '/v1/profile/suggestions/:name',
} as const
export const nameRegister = { name: 'nameRegister', method: 'POST', path: '/v1/profile/account' } as const

// The on-ramp.
export const onrampProviders = { name: 'onrampProviders', method: 'GET', path: '/v1/onramp/providers' } as const
export const onrampOptions = { name: 'onrampOptions', method: 'GET', path: '/v1/onramp/options' } as const
export const onrampQuote = { name: 'onrampQuote', method: 'POST', path: '/v1/onramp/quote' } as const
export const onrampUrl = { name: 'onrampUrl', method: 'POST', path: '/v1/generators/onrampurl' } as const
export const onrampPurchase = { name: 'onrampPurchase', method: 'GET', path: '/v1/onramp/purchases/:id' } as const
export const onrampWebhook = { name: 'onrampWebhook', method: 'POST', path: '/v1/onramp/webhook/:provider' } as const

// Sign-in with Ethereum.
export const siweNonce = { name: 'siweNonce', method: 'GET', path: '/v1/auth/siwe/nonce' } as const
export const siweVerify = { name: 'siweVerify', method: 'POST', path: '/v1/auth/siwe/verify' } as const
export const siweSession = { name: 'siweSession', method: 'GET', path: '/v1/auth/siwe/session' } as const
export const siweSignOut = { name: 'siweSignOut', method: 'POST', path: '/v1/auth/siwe/sign-out' } as const
export const jwks = { name: 'jwks', method: 'GET', path: '/.well-known/jwks.json' } as const

// The wallet catalogue and the images.
export const wallets = { name: 'wallets', method: 'GET', path: '/getWallets' } as const
export const walletImage = { name: 'walletImage', method: 'GET', path: '/getWalletImage/:id' } as const
export const assetImage = { name: 'assetImage', method: 'GET', path: '/public/getAssetImage/:id' } as const
export const currencyImage = { name: 'currencyImage', method: 'GET', path: '/public/getCurrencyImage/:id' } as const
export const tokenImage = { name: 'tokenImage', method: 'GET', path: '/public/getTokenImage/:id' } as const
export const analyticsConfig = { name: 'analyticsConfig', method: 'GET', path: '/getAnalyticsConfig' } as const

// The embedded wallet (only the secure frame calls these).
export const embeddedConfig = { name: 'embeddedConfig', method: 'GET', path: '/v1/embedded/config' } as const
export const embeddedEmailStart = {
  name: 'embeddedEmailStart',
  method: 'POST',
  path: '/v1/embedded/email/start',
} as const
export const embeddedEmailVerify = {
  name: 'embeddedEmailVerify',
  method: 'POST',
  path: '/v1/embedded/email/verify',
} as const
export const embeddedDeviceApprovePage = {
  name: 'embeddedDeviceApprovePage',
  method: 'GET',
  path: '/v1/embedded/device/approve',
} as const
export const embeddedDeviceApprove = {
  name: 'embeddedDeviceApprove',
  method: 'POST',
  path: '/v1/embedded/device/approve',
} as const
export const embeddedSession = { name: 'embeddedSession', method: 'GET', path: '/v1/embedded/session' } as const
export const embeddedWallet = { name: 'embeddedWallet', method: 'POST', path: '/v1/embedded/wallet' } as const
export const embeddedSignOut = { name: 'embeddedSignOut', method: 'POST', path: '/v1/embedded/sign-out' } as const
export const embeddedDevices = { name: 'embeddedDevices', method: 'GET', path: '/v1/embedded/devices' } as const
export const embeddedDeviceRevoke = {
  name: 'embeddedDeviceRevoke',
  method: 'POST',
  path: '/v1/embedded/devices/revoke',
} as const
export const embeddedEmailUpdate = {
  name: 'embeddedEmailUpdate',
  method: 'POST',
  path: '/v1/embedded/email/update',
} as const
export const embeddedEmailUpdatePrimary = {
  name: 'embeddedEmailUpdatePrimary',
  method: 'POST',
  path: '/v1/embedded/email/update/primary',
} as const
export const embeddedEmailUpdateSecondary = {
  name: 'embeddedEmailUpdateSecondary',
  method: 'POST',
  path: '/v1/embedded/email/update/secondary',
} as const

/** Every endpoint by its name (what the route table and the server read; a client imports the ones it calls). */
export const endpoints = {
  health,
  metrics,
  project,
  swapTokens,
  swapQuotes,
  swapAllowance,
  swapGasPrice,
  swapBuildApprove,
  swapBuildTransaction,
  accountBalance,
  fungiblePrice,
  identity,
  accountHistory,
  nameAccount,
  nameReverse,
  nameSuggestions,
  nameRegister,
  onrampProviders,
  onrampOptions,
  onrampQuote,
  onrampUrl,
  onrampPurchase,
  onrampWebhook,
  siweNonce,
  siweVerify,
  siweSession,
  siweSignOut,
  jwks,
  wallets,
  walletImage,
  assetImage,
  currencyImage,
  tokenImage,
  analyticsConfig,
  embeddedConfig,
  embeddedEmailStart,
  embeddedEmailVerify,
  embeddedDeviceApprovePage,
  embeddedDeviceApprove,
  embeddedSession,
  embeddedWallet,
  embeddedSignOut,
  embeddedDevices,
  embeddedDeviceRevoke,
  embeddedEmailUpdate,
  embeddedEmailUpdatePrimary,
  embeddedEmailUpdateSecondary,
} as const

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
