/**
 * Every route of the Foyer server by name: its method and path. The route table (routes.ts) adds each route's
 * schemas, answer and error codes to these. The endpoints themselves live a module per feature (`endpoints/*.ts`,
 * no valibot): a client imports the ones it calls from there, so a bundle holds only the paths of the features it
 * loads, each in the chunk that loads it — a module the page's entry reaches is bundled whole into the entry.
 */

export type { Endpoint, HttpMethod, PathParameterNames } from './endpoint.ts'

import * as accountDataEndpoints from './endpoints/accountData.ts'
import * as analyticsEndpoints from './endpoints/analytics.ts'
import * as catalogueEndpoints from './endpoints/catalogue.ts'
import * as embeddedEndpoints from './endpoints/embedded.ts'
import * as namesEndpoints from './endpoints/names.ts'
import * as onrampEndpoints from './endpoints/onramp.ts'
import * as serviceEndpoints from './endpoints/service.ts'
import * as siweEndpoints from './endpoints/siwe.ts'
import * as sponsorshipEndpoints from './endpoints/sponsorship.ts'
import * as swapEndpoints from './endpoints/swap.ts'

export { fillPath } from './endpoint.ts'
export { accountBalance, accountHistory, fungiblePrice, identity } from './endpoints/accountData.ts'
export { analyticsEvents } from './endpoints/analytics.ts'
export { analyticsConfig, assetImage, currencyImage, tokenImage, walletImage, wallets } from './endpoints/catalogue.ts'
export {
  embeddedConfig,
  embeddedDeviceApprove,
  embeddedDeviceApprovePage,
  embeddedDeviceRevoke,
  embeddedDevices,
  embeddedEmailStart,
  embeddedEmailUpdate,
  embeddedEmailUpdatePrimary,
  embeddedEmailUpdateSecondary,
  embeddedEmailVerify,
  embeddedPaymaster,
  embeddedSession,
  embeddedSignOut,
  embeddedSocialCallback,
  embeddedSocialFinish,
  embeddedSocialStart,
  embeddedWallet,
} from './endpoints/embedded.ts'
export { nameAccount, nameRegister, nameReverse, nameSuggestions } from './endpoints/names.ts'
export {
  onrampOptions,
  onrampProviders,
  onrampPurchase,
  onrampQuote,
  onrampUrl,
  onrampWebhook,
} from './endpoints/onramp.ts'
export { health, metrics, project } from './endpoints/service.ts'
export { jwks, siweNonce, siweSession, siweSignOut, siweVerify } from './endpoints/siwe.ts'
export { paymaster } from './endpoints/sponsorship.ts'
export {
  swapAllowance,
  swapBuildApprove,
  swapBuildTransaction,
  swapGasPrice,
  swapQuotes,
  swapTokens,
} from './endpoints/swap.ts'

/** Every endpoint by its name (what the route table and the server read; a client imports the ones it calls). */
export const endpoints = {
  ...serviceEndpoints,
  ...swapEndpoints,
  ...accountDataEndpoints,
  ...namesEndpoints,
  ...onrampEndpoints,
  ...siweEndpoints,
  ...sponsorshipEndpoints,
  ...catalogueEndpoints,
  ...embeddedEndpoints,
  ...analyticsEndpoints,
} as const

export type Endpoints = typeof endpoints
export type RouteName = keyof Endpoints
