// Public API of @foyer/core, sorted by area. `index.test.ts` snapshots the export names.
export type { AccountState, ConnectionStatus, ReportedAccount, TokenBalance } from './account/account.ts'
export { disconnectedAccount } from './account/account.ts'
export type {
  AdapterBalance,
  AdapterController,
  AdapterReceipt,
  AdapterTokenCall,
  AdapterTransaction,
  ChainAdapter,
} from './adapter/adapter.ts'
export { type ApiClient, type CreateApiClientParameters, type QueryParameters, createApiClient } from './api/apiClient.ts'
export { type FoyerClient, createFoyerClient } from './client/createFoyerClient.ts'
export type { FoyerState, NetworkState } from './client/state.ts'
export { type Connector, type ConnectorType, connectorTestId, dedupeConnectors } from './connectors/connectors.ts'
export * from './constants.ts'
export * from './errors/index.ts'
export {
  EmailRateLimitedError,
  type EmailRateLimitedErrorType,
  EmbeddedFrameLoadError,
  type EmbeddedFrameLoadErrorType,
  EmbeddedWalletError,
  type EmbeddedWalletErrorCode,
  type EmbeddedWalletErrorType,
  RequestAbortedError,
  type RequestAbortedErrorType,
  RpcNotAllowedError,
  type RpcNotAllowedErrorType,
} from './embedded/embeddedErrors.ts'
export type { EmailLoginStep, EmbeddedRequestOptions, EmbeddedWallet } from './embedded/embeddedWallet.ts'
export {
  EMAIL_LOGIN_TIMESTAMP_KEY,
  changeEmail,
  clearEmailLoginLock,
  emailLoginLockSeconds,
  getEmbeddedWallet,
  manageEmbeddedDevices,
  startEmailLogin,
  verifyEmailOtp,
} from './embedded/emailLogin.ts'
export type { FoyerEvent, FoyerEventName } from './events/events.ts'
export { floorDecimalString, formatDecimalForLocale, formatUnitsFloored, parseUnits, shortenAddress } from './format/format.ts'
export {
  type BaseMessageKey,
  type Catalogue,
  type KeysWith,
  type Locale,
  type MessageKey,
  type MessageParameters,
  type Messages,
  type Translate,
  createTranslate,
  en as englishCatalogue,
  isBaseMessageKey,
  localeNames,
  supportedLocales,
} from './locale/locale.ts'
export { isSupportedLocale, loadCatalogue } from './locale/loadCatalogue.ts'
export { enAccount } from './locale/enAccount.ts'
export { enActivity } from './locale/enActivity.ts'
export { enEmail } from './locale/enEmail.ts'
export { enFrame } from './locale/enFrame.ts'
export { enTransfer } from './locale/enTransfer.ts'
export { enWalletConnect } from './locale/enWalletConnect.ts'
export type { ModalState } from './modal/modal.ts'
export {
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  addressExplorerUrl,
  fromViemChain,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './networks/networks.ts'
export {
  type Features,
  type FoyerOptions,
  type ResolvedOptions,
  type ThemeMode,
  type ThemeVariables,
  defaultFeatures,
  isFeatureAvailable,
  resolveOptions,
} from './options/options.ts'
export { type QueryCache, type QueryKey, type QueryState, createQueryCache } from './query/queryCache.ts'
export type { RouteData, RouterState, ViewName } from './router/views.ts'
export {
  type SendController,
  type SendState,
  NATIVE_TRANSFER_GAS,
  TOKEN_TRANSFER_GAS,
  createSendController,
  encodeErc20Transfer,
  getSendController,
  sendInputError,
} from './send/sendController.ts'
export type { SnackbarMessage, SnackbarState, SnackbarVariant } from './snackbar/snackbar.ts'
export {
  type SwapController,
  type SwapState,
  type SwapTransaction,
  createSwapController,
  getSwapController,
} from './swap/swapController.ts'
export {
  type InsufficientBalanceErrorType,
  type NoSwapAddressErrorType,
  type SwapStep,
  type SwapStepErrorType,
  InsufficientBalanceError,
  NoSwapAddressError,
  SwapStepError,
} from './swap/swapErrors.ts'
export { hasInsufficientBalance, maxSlippageOf, maxSwapAmount, networkCostInUsd, percentOf, providerFeeOf, swapGasCost } from './swap/swapMath.ts'
export { TransactionRevertedError, canSendTransactions, walletErrorMessage } from './swap/transactionMessages.ts'
export { type WalletToken, isNativeToken, readWalletTokens, tokenId } from './swap/walletTokens.ts'
export { type Store, createStore } from './store/createStore.ts'
export { resolveThemeMode, themeCssVariables } from './theme/theme.ts'
export {
  isEmail,
  isEvmAddress,
  isPositiveAmount,
  isSolanaAddress,
  isTransactionHash,
  isValidAccountName,
  isValidNameCoinTypeChainId,
} from './validation/validation.ts'
// Wallet catalogue and WalletConnect pairing (issue 3).
export {
  type CatalogueWallet,
  type FetchWalletsParameters,
  type WalletPage,
  catalogueEntries,
  fetchWallets,
  walletImageUrl,
  walletsQueryKey,
} from './catalogue/walletCatalogue.ts'
export { type WalletPlatform, walletDeepLink, walletPlatformLinks } from './walletconnect/deepLinks.ts'
export { isPairingExpired, msUntilPairingRenewal, pairingExpiresAt } from './walletconnect/pairingExpiry.ts'
export {
  type PairingState,
  type PairingStatus,
  type WalletConnectPairing,
  createWalletConnectPairing,
} from './walletconnect/walletConnectPairing.ts'
export {
  RECENT_WALLETS_KEY,
  type RecentWallet,
  type StoredDeepLink,
  WALLETCONNECT_DEEP_LINK_KEY,
  addRecentWallet,
  getRecentWallets,
  getStoredDeepLink,
  setStoredDeepLink,
} from './walletconnect/walletStorage.ts'
// Account data: token balances with prices, activity, identity (issue 4).
export {
  TokenBalanceError,
  type TokenBalanceErrorType,
  TokenPriceError,
  type TokenPriceErrorType,
  TransactionHistoryError,
  type TransactionHistoryErrorType,
} from './account-data/accountDataErrors.ts'
export { type Identity, fetchIdentity, identityQueryKey } from './account-data/fetchIdentity.ts'
export {
  type AccountTokenBalance,
  type FetchTokenBalancesErrorType,
  type FetchTokenBalancesParameters,
  type FetchTokenBalancesReturnType,
  accountDataQueryKey,
  fetchTokenBalances,
  tokenBalancesQueryKey,
  totalTokenValue,
} from './account-data/fetchTokenBalances.ts'
export { type FetchTokenPricesParameters, type FungiblePrice, fetchTokenPrices, tokenPricesQueryKey } from './account-data/fetchTokenPrices.ts'
export {
  type FetchTransactionHistoryParameters,
  type Transaction,
  type TransactionHistoryPage,
  type TransactionOperationType,
  type TransactionTransfer,
  fetchTransactionHistory,
  groupTransactionsByMonth,
  isSpamOnlyTransaction,
  transactionHistoryQueryKey,
} from './account-data/fetchTransactionHistory.ts'
export { ACCOUNT_DATA_POLL_MS, invalidateAccountData, watchAccountData } from './account-data/watchAccountData.ts'
