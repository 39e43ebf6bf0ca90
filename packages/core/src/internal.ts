// `@foyer/core/internal`: what Foyer's own packages (@foyer/evm, @foyer/react, @foyer/embedded, the frame, the
// server) share with core and a site does not use: the chain adapter's contract, the views' controllers and
// flows, the English catalogues, storage keys and UI constants. It follows the packages' own version and may
// change in any release; a site imports `@foyer/core` (see index.ts), whose names are not repeated here.

export type { ReportedAccount } from './account/account.ts'
export { tokenBalancesQueryKey, totalTokenValue } from './account-data/fetchTokenBalances.ts'
export {
  groupTransactionsByMonth,
  isSpamOnlyTransaction,
  transactionHistoryQueryKey,
} from './account-data/fetchTransactionHistory.ts'
export { watchAccountData } from './account-data/watchAccountData.ts'
export type {
  AdapterBalance,
  AdapterCallsResult,
  AdapterController,
  AdapterTokenCall,
  AdapterTransaction,
  ChainAdapter,
} from './adapter/adapter.ts'
export { type ApiClient, createApiClient } from './api/apiClient.ts'
export { siteCatalogueChains, walletsQueryKey } from './catalogue/walletCatalogue.ts'
export { httpLink, type WalletGetLink, walletGetLinks } from './catalogue/walletLinks.ts'
export { connectorTestId, oneRowPerWallet, pairingConnector } from './connectors/connectors.ts'
export {
  BALANCE_DECIMALS,
  EMAIL_RESEND_LOCK_MS,
  FEATURED_WALLETS_PAGE_SIZE,
  RECEIPT_TIMEOUT_MS,
  SDK_VERSION,
  SWAP_PROVIDER_FEE_PERCENT,
  TARGET_AMOUNT_DECIMALS,
  WALLET_IMAGE_TIMEOUT_MS,
  WALLET_SEARCH_DELAY_MS,
  WALLETS_PAGE_SIZE,
  WALLETS_SEARCH_PAGE_SIZE,
} from './constants.ts'
export { readSmartAccountNetworks, switchAccountType } from './embedded/accountType.ts'
export {
  EMAIL_LOGIN_TIMESTAMP_KEY,
  emailLoginLockSeconds,
  getEmbeddedWallet,
  startEmailLogin,
} from './embedded/emailLogin.ts'
export { changeEmail, manageEmbeddedDevices, verifyEmailOtp } from './embedded/embeddedFlows.ts'
export { isEmbeddedLoginEnabled } from './embedded/embeddedLoginEnabled.ts'
export type {
  AwaitSocialOptions,
  EmbeddedAccountType,
  EmbeddedLoginInfo,
  EmbeddedSolanaSendOptions,
  EmbeddedSolanaWallet,
  EmbeddedWallet,
} from './embedded/embeddedWallet.ts'
export { LOGIN_PROVIDER_NAMES, loginProviderName } from './embedded/loginProviders.ts'
export {
  awaitSocialLogin,
  cancelSocialLogin,
  openSocialPopup,
  SOCIAL_POPUP_NAME,
  type SocialLoginParameters,
  socialLogin,
  socialWalletOf,
  startFarcasterLogin,
} from './embedded/socialLogin.ts'
export { emitSocialLogin, type SocialLoginStep, socialConnectMethod } from './embedded/socialLoginEvents.ts'
export { shortMessageOf } from './errors/errors.ts'
export { floorDecimalString, formatUnitsFloored, shortenAddress } from './format/format.ts'
export { formatDecimalForLocale } from './format/formatDecimalForLocale.ts'
export { parseUnits } from './format/parseUnits.ts'
export { enAccount } from './locale/enAccount.ts'
export { enActivity } from './locale/enActivity.ts'
export { enBuy } from './locale/enBuy.ts'
export { enConnecting } from './locale/enConnecting.ts'
export { enEmail } from './locale/enEmail.ts'
export { enFrame } from './locale/enFrame.ts'
export { enHelp } from './locale/enHelp.ts'
export { enLegal } from './locale/enLegal.ts'
export { enNames } from './locale/enNames.ts'
export { enSiwe } from './locale/enSiwe.ts'
export { enSocial } from './locale/enSocial.ts'
export { enTransfer } from './locale/enTransfer.ts'
export { enWalletConnect } from './locale/enWalletConnect.ts'
export { enWallets } from './locale/enWallets.ts'
export { isSupportedLocale, loadCatalogue } from './locale/loadCatalogue.ts'
export {
  type BaseMessageKey,
  createTranslate,
  isBaseMessageKey,
  type KeysWith,
  type MessageKey,
  type MessageParameters,
  type Messages,
  type Translate,
} from './locale/locale.ts'
export {
  getNameRegistrationController,
  type NameRegistrationController,
  type NameRegistrationState,
} from './names/nameRegistrationController.ts'
export { watchAccountIdentity } from './names/watchAccountIdentity.ts'
export { fromViemChain } from './networks/networks.ts'
export { type BuyAvailabilityState, getBuyAvailability, isBuyVisible } from './onramp/buyAvailability.ts'
export { type BuyController, getBuyController } from './onramp/buyController.ts'
export type { BuyState } from './onramp/buyState.ts'
export { isFeatureAvailable, type ResolvedOptions, resolveOptions } from './options/options.ts'
export {
  fetchProjectSettings,
  loadProjectSettings,
  PROJECT_SETTINGS_STALE_MS,
  type ProjectSettings,
  projectSettingsQueryKey,
} from './project/fetchProjectSettings.ts'
export { isGasSponsored, paymasterServiceUrl } from './project/gasSponsorship.ts'
export {
  isFeatureEnabled,
  offeredSocials,
  type ProjectFeatures,
  projectFeaturesOf,
  readProjectFeatures,
} from './project/projectFeatures.ts'
export {
  areContractsSponsored,
  isAccountGasSponsored,
  isTransactionSponsored,
  type SponsorshipAccount,
  type SponsorshipClient,
  usesSmartAccount,
} from './project/transactionSponsorship.ts'
export { LOGIN_PROVIDERS, type LoginProvider, type SocialProvider } from './protocol/features.ts'
export { EVM_ADDRESS_PATTERN } from './protocol/patterns.ts'
export type { QueryKey, QueryState } from './query/queryCache.ts'
export { getSendController, type SendController } from './send/sendController.ts'
export { sendCallTargets, sendInputError } from './send/sendInputError.ts'
export type { SendState } from './send/sendState.ts'
export { getSwapController, type SwapController } from './swap/swapController.ts'
export { type SwapState, swapCallTargets } from './swap/swapState.ts'
export { resolveThemeMode, themeCssVariables } from './theme/theme.ts'
export { isEmail } from './validation/isEmail.ts'
export { isPositiveAmount, isValidAccountName } from './validation/validation.ts'
export { canSendTransactions } from './wallet-transactions/transactionMessages.ts'
export { isNativeToken, type WalletToken } from './wallet-transactions/walletTokens.ts'
export { type WalletPlatform, walletPlatformLinks } from './walletconnect/deepLinks.ts'
export type { PairingState } from './walletconnect/walletConnectPairing.ts'
export {
  getRecentWallets,
  getStoredDeepLink,
  type RecentWallet,
  setStoredDeepLink,
  WALLETCONNECT_DEEP_LINK_KEY,
} from './walletconnect/walletStorage.ts'
