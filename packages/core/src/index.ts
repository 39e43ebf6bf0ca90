// Public API of @foyer/core, sorted by area. `index.test.ts` snapshots the export names.
export type { AccountState, ConnectionStatus, ReportedAccount, TokenBalance } from './account/account.ts'
export { disconnectedAccount } from './account/account.ts'
// Account data: token balances with prices, activity, identity.
export {
  TokenBalanceError,
  type TokenBalanceErrorType,
  TokenPriceError,
  type TokenPriceErrorType,
  TransactionHistoryError,
  type TransactionHistoryErrorType,
} from './account-data/accountDataErrors.ts'
export { fetchIdentity, type Identity, identityQueryKey } from './account-data/fetchIdentity.ts'
export {
  type AccountTokenBalance,
  accountDataQueryKey,
  type FetchTokenBalancesErrorType,
  type FetchTokenBalancesParameters,
  type FetchTokenBalancesReturnType,
  fetchTokenBalances,
  tokenBalancesQueryKey,
  totalTokenValue,
} from './account-data/fetchTokenBalances.ts'
export {
  type FetchTokenPricesParameters,
  type FungiblePrice,
  fetchTokenPrices,
  tokenPricesQueryKey,
} from './account-data/fetchTokenPrices.ts'
export {
  type FetchTransactionHistoryParameters,
  fetchTransactionHistory,
  groupTransactionsByMonth,
  isSpamOnlyTransaction,
  type Transaction,
  type TransactionHistoryPage,
  type TransactionOperationType,
  type TransactionTransfer,
  transactionHistoryQueryKey,
} from './account-data/fetchTransactionHistory.ts'
export { ACCOUNT_DATA_POLL_MS, invalidateAccountData, watchAccountData } from './account-data/watchAccountData.ts'
export type {
  AdapterBalance,
  AdapterController,
  AdapterReceipt,
  AdapterTokenCall,
  AdapterTransaction,
  ChainAdapter,
} from './adapter/adapter.ts'
export {
  type ApiClient,
  type CreateApiClientParameters,
  createApiClient,
  type QueryParameters,
} from './api/apiClient.ts'
// Wallet catalogue and WalletConnect pairing.
export {
  type CatalogueWallet,
  catalogueEntries,
  type FetchWalletsParameters,
  fetchWallets,
  type WalletPage,
  walletImageUrl,
  walletsQueryKey,
} from './catalogue/walletCatalogue.ts'
export { createFoyerClient, type FoyerClient } from './client/createFoyerClient.ts'
export type { FoyerState, NetworkState } from './client/state.ts'
export { type Connector, type ConnectorType, connectorTestId, dedupeConnectors } from './connectors/connectors.ts'
export * from './constants.ts'
export {
  clearEmailLoginLock,
  EMAIL_LOGIN_TIMESTAMP_KEY,
  emailLoginLockSeconds,
  getEmbeddedWallet,
  startEmailLogin,
} from './embedded/emailLogin.ts'
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
} from './embedded/embeddedErrors.ts'
export { changeEmail, manageEmbeddedDevices, verifyEmailOtp } from './embedded/embeddedFlows.ts'
export type { EmailLoginStep, EmbeddedRequestOptions, EmbeddedWallet } from './embedded/embeddedWallet.ts'
export { RpcNotAllowedError, type RpcNotAllowedErrorType } from './embedded/rpcNotAllowedError.ts'
export * from './errors/index.ts'
export type { FoyerEvent, FoyerEventName } from './events/events.ts'
export { floorDecimalString, formatUnitsFloored, shortenAddress } from './format/format.ts'
export { formatDecimalForLocale } from './format/formatDecimalForLocale.ts'
export { parseUnits } from './format/parseUnits.ts'
export { enAccount } from './locale/enAccount.ts'
export { enActivity } from './locale/enActivity.ts'
export { enBuy } from './locale/enBuy.ts'
export { enEmail } from './locale/enEmail.ts'
export { enFrame } from './locale/enFrame.ts'
// Modal details: the legal line's strings and the options' typed error.
export { enLegal } from './locale/enLegal.ts'
export { enNames } from './locale/enNames.ts'
export { enSiwe } from './locale/enSiwe.ts'
export { enTransfer } from './locale/enTransfer.ts'
export { enWalletConnect } from './locale/enWalletConnect.ts'
export { isSupportedLocale, loadCatalogue } from './locale/loadCatalogue.ts'
export {
  type BaseMessageKey,
  type Catalogue,
  createTranslate,
  en as englishCatalogue,
  isBaseMessageKey,
  type KeysWith,
  type Locale,
  localeNames,
  type MessageKey,
  type MessageParameters,
  type Messages,
  supportedLocales,
  type Translate,
} from './locale/locale.ts'
export type { ModalState } from './modal/modal.ts'
// Account names on the Foyer server: look up, reverse, suggestions, register.
export { type CreateNameMessageParameters, createNameMessage } from './names/createNameMessage.ts'
export {
  accountNameQueryKey,
  type FetchAccountNameErrorType,
  type FetchAccountNameParameters,
  type FetchAccountNameReturnType,
  fetchAccountName,
  type NameRecord,
} from './names/fetchAccountName.ts'
export {
  accountNamesQueryKey,
  type FetchAccountNamesErrorType,
  type FetchAccountNamesParameters,
  type FetchAccountNamesReturnType,
  fetchAccountNames,
} from './names/fetchAccountNames.ts'
export {
  type FetchNameSuggestionsErrorType,
  type FetchNameSuggestionsParameters,
  type FetchNameSuggestionsReturnType,
  fetchNameSuggestions,
  nameSuggestionsQueryKey,
} from './names/fetchNameSuggestions.ts'
export { chainIdOfNameCoinType, nameCoinType } from './names/nameCoinType.ts'
export {
  AccountNamesError,
  type AccountNamesErrorType,
  NameError,
  type NameErrorReason,
  NameSuggestionsError,
  type NameSuggestionsErrorType,
  RegisterNameError,
  type RegisterNameErrorType,
  ResolveNameError,
  type ResolveNameErrorType,
} from './names/nameErrors.ts'
// Account names in the modal: the registration flow and the account's name in Account.
export {
  createNameRegistrationController,
  getNameRegistrationController,
  initialNameRegistrationState,
  NAME_SUGGESTIONS_DELAY_MS,
  type NameRegistrationController,
  type NameRegistrationState,
  type RegisteredName,
} from './names/nameRegistrationController.ts'
export {
  type RegisterAccountNameErrorType,
  type RegisterAccountNameParameters,
  type RegisterAccountNameReturnType,
  registerAccountName,
} from './names/registerAccountName.ts'
export { watchAccountIdentity } from './names/watchAccountIdentity.ts'
export {
  addressExplorerUrl,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  fromViemChain,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './networks/networks.ts'
export {
  type BuyAmountError,
  buyAmountError,
  fiatToCents,
  normalizeFiat,
} from './onramp/buyAmount.ts'
export {
  type BuyAvailability,
  type BuyAvailabilityState,
  getBuyAvailability,
  isBuyVisible,
  visitorTimeZone,
} from './onramp/buyAvailability.ts'
export { type BuyController, createBuyController, getBuyController } from './onramp/buyController.ts'
export { placeholderOnrampQuote, sampleOnrampOptions } from './onramp/buyFallbacks.ts'
export { BUY_POLL_MS, BUY_QUOTE_DELAY_MS, type BuyState, initialBuyState } from './onramp/buyState.ts'
// The on-ramp: the server's providers, options, quotes, checkout URLs and purchases.
export {
  type CreateOnrampUrlErrorType,
  type CreateOnrampUrlParameters,
  type CreateOnrampUrlReturnType,
  createOnrampUrl,
} from './onramp/createOnrampUrl.ts'
export {
  type FetchOnrampOptionsErrorType,
  type FetchOnrampOptionsParameters,
  type FetchOnrampOptionsReturnType,
  fetchOnrampOptions,
} from './onramp/fetchOnrampOptions.ts'
export {
  type FetchOnrampProvidersErrorType,
  type FetchOnrampProvidersParameters,
  type FetchOnrampProvidersReturnType,
  fetchOnrampProviders,
} from './onramp/fetchOnrampProviders.ts'
export {
  type FetchOnrampPurchaseErrorType,
  type FetchOnrampPurchaseParameters,
  type FetchOnrampPurchaseReturnType,
  fetchOnrampPurchase,
} from './onramp/fetchOnrampPurchase.ts'
export {
  type FetchOnrampQuoteErrorType,
  type FetchOnrampQuoteParameters,
  type FetchOnrampQuoteReturnType,
  fetchOnrampQuote,
} from './onramp/fetchOnrampQuote.ts'
export {
  OnrampError,
  type OnrampErrorReason,
  OnrampOptionsError,
  type OnrampOptionsErrorType,
  OnrampProvidersError,
  type OnrampProvidersErrorType,
  OnrampPurchaseError,
  type OnrampPurchaseErrorType,
  OnrampQuoteError,
  type OnrampQuoteErrorType,
  OnrampUrlError,
  type OnrampUrlErrorType,
} from './onramp/onrampErrors.ts'
export { InvalidOptionError, type InvalidOptionErrorType } from './options/invalidOptionError.ts'
export {
  defaultFeatures,
  type Features,
  type FoyerOptions,
  isFeatureAvailable,
  type ResolvedOptions,
  resolveOptions,
  type ThemeMode,
  type ThemeVariables,
} from './options/options.ts'
export {
  DEFAULT_NAMES_SUFFIX,
  isValidNameLabel,
  MAX_NAME_LABEL_LENGTH,
  MIN_NAME_LABEL_LENGTH,
  NAME_LABEL_PATTERN,
  normalizeName,
} from './protocol/nameRules.ts'
export { EVM_ADDRESS_PATTERN } from './protocol/patterns.ts'
export { createQueryCache, type QueryCache, type QueryKey, type QueryState } from './query/queryCache.ts'
export type { RouteData, RouterState, ViewName } from './router/views.ts'
// Send: actions over the chain adapter, and the flow's state.
export {
  type EstimateSendGasErrorType,
  type EstimateSendGasParameters,
  type EstimateSendGasReturnType,
  estimateSendGas,
  NATIVE_TRANSFER_GAS,
  TOKEN_TRANSFER_GAS,
  transferGasBudget,
} from './send/estimateSendGas.ts'
export {
  createSendController,
  getSendController,
  RECEIVER_NAME_DELAY_MS,
  type SendController,
} from './send/sendController.ts'
export {
  SendGasEstimateError,
  type SendGasEstimateErrorType,
  TransferFailedError,
  type TransferFailedErrorType,
} from './send/sendErrors.ts'
export { sendInputError } from './send/sendInputError.ts'
export type { SendState } from './send/sendState.ts'
export {
  type SendTransferErrorType,
  type SendTransferParameters,
  type SendTransferReturnType,
  sendTransfer,
} from './send/sendTransfer.ts'
// Sign-in with Ethereum on the Foyer server: nonce, verify, session, sign-out.
export { type FetchSiweNonceReturnType, fetchSiweNonce } from './siwe/fetchSiweNonce.ts'
export { type FetchSiweSessionReturnType, fetchSiweSession } from './siwe/fetchSiweSession.ts'
export { signOutSiwe } from './siwe/signOutSiwe.ts'
// Sign-in with Ethereum in the client and the modal; the flow itself is a chunk loaded only with `siwe`.
export {
  SiweNotVerifiedError,
  type SiweNotVerifiedErrorType,
  SiweUnavailableError,
  type SiweUnavailableErrorType,
} from './siwe/siweClientErrors.ts'
export {
  SiweError,
  type SiweErrorType,
  SiweNonceError,
  type SiweNonceErrorType,
  type SiweRefusal,
  SiweSessionError,
  type SiweSessionErrorType,
  SiweSignOutError,
  type SiweSignOutErrorType,
  SiweVerifyError,
  type SiweVerifyErrorType,
} from './siwe/siweErrors.ts'
export type {
  SiweBehaviour,
  SiweConfig,
  SiweMessageParameters,
  SiweOption,
  SiweSession,
  SiweState,
  SiweStatus,
} from './siwe/siweTypes.ts'
export { type VerifySiweMessageReturnType, verifySiweMessage } from './siwe/verifySiweMessage.ts'
export type { SnackbarMessage, SnackbarState, SnackbarVariant } from './snackbar/snackbar.ts'
export { createStore, type Store } from './store/createStore.ts'
// Swap: actions over the Foyer server's convert API, and the flow's state.
export {
  type BuildSwapApprovalErrorType,
  type BuildSwapApprovalParameters,
  type BuildSwapApprovalReturnType,
  buildSwapApproval,
} from './swap/buildSwapApproval.ts'
export {
  type BuildSwapTransactionErrorType,
  type BuildSwapTransactionParameters,
  type BuildSwapTransactionReturnType,
  buildSwapTransaction,
} from './swap/buildSwapTransaction.ts'
export {
  type FetchSwapAllowanceErrorType,
  type FetchSwapAllowanceParameters,
  type FetchSwapAllowanceReturnType,
  fetchSwapAllowance,
} from './swap/fetchSwapAllowance.ts'
export {
  type FetchSwapGasPriceErrorType,
  type FetchSwapGasPriceParameters,
  type FetchSwapGasPriceReturnType,
  fetchSwapGasPrice,
} from './swap/fetchSwapGasPrice.ts'
export {
  type FetchSwapQuoteErrorType,
  type FetchSwapQuoteParameters,
  type FetchSwapQuoteReturnType,
  fetchSwapQuote,
} from './swap/fetchSwapQuote.ts'
export {
  type FetchSwapTokensErrorType,
  type FetchSwapTokensParameters,
  type FetchSwapTokensReturnType,
  fetchSwapTokens,
  type SwapToken,
} from './swap/fetchSwapTokens.ts'
export {
  type SendSwapTransactionErrorType,
  type SendSwapTransactionParameters,
  type SendSwapTransactionReturnType,
  sendSwapTransaction,
} from './swap/sendSwapTransaction.ts'
export { createSwapController, getSwapController, type SwapController } from './swap/swapController.ts'
export {
  InsufficientBalanceError,
  type InsufficientBalanceErrorType,
  NoSwapAddressError,
  type NoSwapAddressErrorType,
  SwapAllowanceError,
  type SwapAllowanceErrorType,
  SwapApprovalError,
  type SwapApprovalErrorType,
  SwapGasPriceError,
  type SwapGasPriceErrorType,
  SwapQuoteError,
  type SwapQuoteErrorType,
  type SwapStep,
  SwapStepError,
  type SwapStepErrorType,
  SwapTokensError,
  type SwapTokensErrorType,
  SwapTransactionError,
  type SwapTransactionErrorType,
} from './swap/swapErrors.ts'
export {
  hasInsufficientBalance,
  maxSlippageOf,
  maxSwapAmount,
  networkCostInUsd,
  percentOf,
  providerFeeOf,
  swapGasCost,
} from './swap/swapMath.ts'
export type { SwapState } from './swap/swapState.ts'
export type { SwapTransaction } from './swap/swapTransaction.ts'
export { resolveThemeMode, themeCssVariables } from './theme/theme.ts'
export { isEmail } from './validation/isEmail.ts'
export {
  isEvmAddress,
  isPositiveAmount,
  isSolanaAddress,
  isTransactionHash,
  isValidAccountName,
  isValidNameCoinTypeChainId,
} from './validation/validation.ts'
export {
  type AdapterHolder,
  canSendTransactions,
  TransactionRevertedError,
  type TransactionRevertedErrorType,
  walletErrorMessage,
} from './wallet-transactions/transactionMessages.ts'
export { isNativeToken, readWalletTokens, tokenId, type WalletToken } from './wallet-transactions/walletTokens.ts'
export { type WalletPlatform, walletDeepLink, walletPlatformLinks } from './walletconnect/deepLinks.ts'
export { isPairingExpired, msUntilPairingRenewal, pairingExpiresAt } from './walletconnect/pairingExpiry.ts'
export {
  createWalletConnectPairing,
  type PairingState,
  type PairingStatus,
  type WalletConnectPairing,
} from './walletconnect/walletConnectPairing.ts'
export {
  addRecentWallet,
  getRecentWallets,
  getStoredDeepLink,
  RECENT_WALLETS_KEY,
  type RecentWallet,
  type StoredDeepLink,
  setStoredDeepLink,
  WALLETCONNECT_DEEP_LINK_KEY,
} from './walletconnect/walletStorage.ts'
