import { type AccountState, disconnectedAccount, type ReportedAccount } from '../account/account.ts'
import type { Connector } from '../connectors/connectors.ts'
import type { FoyerEvent } from '../events/events.ts'
import { en, type Locale, type Messages } from '../locale/locale.ts'
import { closedModal, type ModalState } from '../modal/modal.ts'
import type { ChainNamespace, NetworkState } from '../networks/networks.ts'
import type { ResolvedOptions, ThemeMode, ThemeVariables } from '../options/options.ts'
import { initialRouterState } from '../router/router.ts'
import type { RouterState } from '../router/views.ts'
import { initialSiweState, type SiweState } from '../siwe/siweTypes.ts'
import { closedSnackbar, type SnackbarState } from '../snackbar/snackbar.ts'

export type { NetworkState }

export type FoyerState = {
  modal: ModalState
  router: RouterState
  snackbar: SnackbarState
  theme: { themeMode: ThemeMode; themeVariables: ThemeVariables }
  /** The account shown: the connection of the active chain family (`network.activeChain`). */
  account: AccountState
  network: NetworkState
  /** Every chain family's connected wallet, as its adapter last reported it (a wallet may be connected on both). */
  connections: Partial<Record<ChainNamespace, ReportedAccount>>
  connectors: Connector[]
  locale: Locale
  catalogue: Messages
  /** Sign-in with Ethereum: `disabled` unless the site sets `siwe`. */
  siwe: SiweState
  lastEvent?: FoyerEvent
}

export function initialState(options: ResolvedOptions): FoyerState {
  const [defaultNetwork] = options.networks
  return {
    modal: closedModal,
    router: initialRouterState,
    snackbar: closedSnackbar,
    theme: { themeMode: options.themeMode, themeVariables: options.themeVariables },
    account: disconnectedAccount,
    network: { selectedNetworkId: defaultNetwork.id, activeChain: defaultNetwork.chainNamespace, unsupported: false },
    connections: {},
    connectors: [],
    locale: 'en',
    catalogue: en,
    siwe: initialSiweState(options.siwe),
  }
}
