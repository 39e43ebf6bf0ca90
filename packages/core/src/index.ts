// Public API of @foyer/core, sorted by area. `index.test.ts` snapshots the export names.
export type { AccountState, ConnectionStatus, ReportedAccount, TokenBalance } from './account/account.ts'
export { disconnectedAccount } from './account/account.ts'
export type { AdapterBalance, AdapterController, ChainAdapter } from './adapter/adapter.ts'
export { type ApiClient, type CreateApiClientParameters, type QueryParameters, createApiClient } from './api/apiClient.ts'
export { type FoyerClient, createFoyerClient } from './client/createFoyerClient.ts'
export type { FoyerState, NetworkState } from './client/state.ts'
export { type Connector, type ConnectorType, connectorTestId, dedupeConnectors } from './connectors/connectors.ts'
export * from './constants.ts'
export * from './errors/index.ts'
export type { FoyerEvent, FoyerEventName } from './events/events.ts'
export { floorDecimalString, formatDecimalForLocale, formatUnitsFloored, parseUnits, shortenAddress } from './format/format.ts'
export {
  type Catalogue,
  type Locale,
  type MessageKey,
  type MessageParameters,
  type Translate,
  createTranslate,
  en as englishCatalogue,
  isSupportedLocale,
  loadCatalogue,
  localeNames,
  supportedLocales,
} from './locale/locale.ts'
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
export type { SnackbarMessage, SnackbarState, SnackbarVariant } from './snackbar/snackbar.ts'
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
