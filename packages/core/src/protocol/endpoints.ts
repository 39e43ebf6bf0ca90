/**
 * Every route of the Foyer server by name: its method and path. The route table (routes.ts) adds each route's
 * schemas, answer and error codes to these. The endpoints themselves live a module per feature (`endpoints/*.ts`,
 * no valibot): a client imports the ones it calls from there, so a bundle holds only the paths of the features it
 * loads, each in the chunk that loads it — a module the page's entry reaches is bundled whole into the entry.
 */
import { accountBalance, accountHistory, fungiblePrice, identity } from './endpoints/accountData.ts'
import { analyticsConfig, assetImage, currencyImage, tokenImage, walletImage, wallets } from './endpoints/catalogue.ts'
import {
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
  embeddedSession,
  embeddedSignOut,
  embeddedWallet,
} from './endpoints/embedded.ts'
import { nameAccount, nameRegister, nameReverse, nameSuggestions } from './endpoints/names.ts'
import {
  onrampOptions,
  onrampProviders,
  onrampPurchase,
  onrampQuote,
  onrampUrl,
  onrampWebhook,
} from './endpoints/onramp.ts'
import { health, metrics, project } from './endpoints/service.ts'
import { jwks, siweNonce, siweSession, siweSignOut, siweVerify } from './endpoints/siwe.ts'
import {
  swapAllowance,
  swapBuildApprove,
  swapBuildTransaction,
  swapGasPrice,
  swapQuotes,
  swapTokens,
} from './endpoints/swap.ts'

export type { Endpoint, HttpMethod, PathParameterNames } from './endpoint.ts'
export { fillPath } from './endpoint.ts'
export { accountBalance, accountHistory, fungiblePrice, identity } from './endpoints/accountData.ts'
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
  embeddedSession,
  embeddedSignOut,
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
