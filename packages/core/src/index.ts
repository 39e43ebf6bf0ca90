// Public API of @foyer/core: what a site uses, one explicit list sorted by area. What only Foyer's own packages
// use (the views' controllers, the adapter's contract, the English catalogues, ...) is `@foyer/core/internal`.
// scripts/published.test.ts writes this entry's names to packages/core/api-report.txt.

// The client and its state.
export type { AccountState, ConnectionStatus, TokenBalance } from './account/account.ts'
// Account data on the Foyer server: token balances with prices, activity, identity.
export {
  TokenBalanceError,
  type TokenBalanceErrorType,
  TokenPriceError,
  type TokenPriceErrorType,
  TransactionHistoryError,
  type TransactionHistoryErrorType,
} from './account-data/accountDataErrors.ts'
export { fetchIdentity, type Identity } from './account-data/fetchIdentity.ts'
export {
  type AccountTokenBalance,
  type FetchTokenBalancesErrorType,
  type FetchTokenBalancesParameters,
  type FetchTokenBalancesReturnType,
  fetchTokenBalances,
} from './account-data/fetchTokenBalances.ts'
export {
  type FetchTokenPricesParameters,
  type FungiblePrice,
  fetchTokenPrices,
} from './account-data/fetchTokenPrices.ts'
export {
  type FetchTransactionHistoryParameters,
  fetchTransactionHistory,
  type Transaction,
  type TransactionHistoryPage,
  type TransactionOperationType,
  type TransactionTransfer,
} from './account-data/fetchTransactionHistory.ts'
// The wallet catalogue on the Foyer server.
export {
  type CatalogueWallet,
  type FetchWalletsParameters,
  fetchWallets,
  type WalletPage,
} from './catalogue/walletCatalogue.ts'
export { createFoyerClient, type FoyerClient } from './client/createFoyerClient.ts'
export type { FoyerState, NetworkState } from './client/state.ts'
export type { Connector, ConnectorType } from './connectors/connectors.ts'
export { NATIVE_TOKEN_ADDRESS_EVM } from './constants.ts'
// The embedded (email) wallet's errors, as its connector throws them.
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
export { RpcNotAllowedError, type RpcNotAllowedErrorType } from './embedded/rpcNotAllowedError.ts'
// Social login and Sign in with Farcaster: why a sign-in did not end signed in.
export {
  SocialLoginCancelledError,
  type SocialLoginCancelledErrorType,
  SocialLoginError,
  type SocialLoginErrorType,
  SocialLoginExpiredError,
  type SocialLoginExpiredErrorType,
  SocialLoginFailedError,
  type SocialLoginFailedErrorType,
  SocialPopupBlockedError,
  type SocialPopupBlockedErrorType,
  SocialPopupClosedError,
  type SocialPopupClosedErrorType,
  SocialProviderUnavailableError,
  type SocialProviderUnavailableErrorType,
} from './embedded/socialLoginErrors.ts'
// Errors.
export { FoyerError, type FoyerErrorParameters, type FoyerErrorType } from './errors/base.ts'
export {
  ChainAdapterNotFoundError,
  type ChainAdapterNotFoundErrorType,
  ChainRequiredError,
  type ChainRequiredErrorType,
  ClientNotSetError,
  type ClientNotSetErrorType,
  ConnectorNotFoundError,
  type ConnectorNotFoundErrorType,
  DisconnectError,
  type DisconnectErrorType,
  HttpRequestError,
  type HttpRequestErrorType,
  isUserRejection,
  UnsupportedChainError,
  type UnsupportedChainErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from './errors/errors.ts'
export type { EmitEvent, FoyerEvent, FoyerEventName } from './events/events.ts'
// Languages.
export { type Locale, localeNames, supportedLocales } from './locale/locale.ts'
export type { ModalState } from './modal/modal.ts'
// Account names on the Foyer server: look up, reverse, suggestions, register.
export { type CreateNameMessageParameters, createNameMessage } from './names/createNameMessage.ts'
export {
  type FetchAccountNameErrorType,
  type FetchAccountNameParameters,
  type FetchAccountNameReturnType,
  fetchAccountName,
  type NameRecord,
} from './names/fetchAccountName.ts'
export {
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
export {
  type RegisterAccountNameErrorType,
  type RegisterAccountNameParameters,
  type RegisterAccountNameReturnType,
  registerAccountName,
} from './names/registerAccountName.ts'
// Networks: CAIP-2 network ids and CAIP-10 addresses.
export {
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './networks/networks.ts'
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
  type ThemeMode,
  type ThemeVariables,
} from './options/options.ts'
export type { AmountBand, AnalyticsProps, ConnectMethod } from './protocol/analytics.ts'
export { isValidNameLabel, normalizeName } from './protocol/nameRules.ts'
export type { RouteData, RouterState, ViewName } from './router/views.ts'
// Send: a transfer through the connected wallet.
export {
  type EstimateSendGasErrorType,
  type EstimateSendGasParameters,
  type EstimateSendGasReturnType,
  estimateSendGas,
} from './send/estimateSendGas.ts'
export {
  SendGasEstimateError,
  type SendGasEstimateErrorType,
  TransferFailedError,
  type TransferFailedErrorType,
} from './send/sendErrors.ts'
export {
  type SendTransferErrorType,
  type SendTransferParameters,
  type SendTransferReturnType,
  sendTransfer,
} from './send/sendTransfer.ts'
// Sign-in with Ethereum: the Foyer server's nonce, verify, session and sign-out, and the client's option.
export { type FetchSiweNonceReturnType, fetchSiweNonce } from './siwe/fetchSiweNonce.ts'
export { type FetchSiweSessionReturnType, fetchSiweSession } from './siwe/fetchSiweSession.ts'
export { signOutSiwe } from './siwe/signOutSiwe.ts'
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
// Swap: the Foyer server's tokens, quotes, allowances and transactions, sent through the connected wallet.
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
export type { SwapTransaction } from './swap/swapTransaction.ts'
export {
  TransactionRevertedError,
  type TransactionRevertedErrorType,
} from './wallet-transactions/transactionMessages.ts'
