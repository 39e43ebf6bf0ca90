// Public API of @foyer/react, one explicit list sorted by name. `index.test.ts` snapshots the export names.
// The entry holds only the provider, the buttons and the hooks; the modal shell and every view are lazy chunks.

// Types from core that users of the React API meet.
export type {
  AccountState,
  CaipNetwork,
  CaipNetworkId,
  FoyerEvent,
  FoyerOptions,
  Locale,
  SiweConfig,
  SiweMessageParameters,
  SiweOption,
  SiweSession,
  SiweStatus,
  ThemeMode,
  ThemeVariables,
  ViewName,
} from '@foyer/core'
export { AccountButton, type AccountButtonProps } from './buttons/AccountButton.tsx'
export { ConnectButton, type ConnectButtonProps } from './buttons/ConnectButton.tsx'
export { FoyerButton, type FoyerButtonProps } from './buttons/FoyerButton.tsx'
export { NetworkButton, type NetworkButtonProps } from './buttons/NetworkButton.tsx'
export { createFoyer, type Foyer } from './createFoyer.ts'
export { type UseFoyerReturnType, useFoyer } from './hooks/useFoyer.ts'
export { useFoyerAccount } from './hooks/useFoyerAccount.ts'
export { useFoyerEvents } from './hooks/useFoyerEvents.ts'
export { type UseFoyerLocaleReturnType, useFoyerLocale } from './hooks/useFoyerLocale.ts'
export { type UseFoyerStateReturnType, useFoyerState } from './hooks/useFoyerState.ts'
export { type UseFoyerThemeReturnType, useFoyerTheme } from './hooks/useFoyerTheme.ts'
export { type UseSiweSessionReturnType, useSiweSession } from './hooks/useSiweSession.ts'
export { useTokenBalances } from './hooks/useTokenBalances.ts'
export { useTransactionHistory } from './hooks/useTransactionHistory.ts'
export { useWalletInfo, type WalletInfo } from './hooks/useWalletInfo.ts'
export { FoyerProvider, type FoyerProviderProps } from './provider/FoyerProvider.tsx'
