import { disconnectedAccount, type ReportedAccount, reportedAccountState } from '../account/account.ts'
import { createRefreshAccountType } from '../account/refreshAccountType.ts'
import { createRefreshBalance } from '../account/refreshBalance.ts'
import { forgetAccountData } from '../account-data/forgetAccountData.ts'
import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import { connectAnalytics } from '../analytics/analytics.ts'
import { failureProps } from '../analytics/failureProps.ts'
import { type ApiClient, createApiClient } from '../api/apiClient.ts'
import { type Connector, dedupeConnectors, pairingConnector } from '../connectors/connectors.ts'
import { UNSUPPORTED_CHAIN_DELAY_MS } from '../constants.ts'
import { isEmbeddedLoginEnabled } from '../embedded/embeddedLoginEnabled.ts'
import { ChainAdapterNotFoundError, ConnectorNotFoundError, DisconnectError } from '../errors/errors.ts'
import { createEventBus } from '../events/events.ts'
import { createLocaleController } from '../locale/localeController.ts'
import { createLogger } from '../logger.ts'
import { createModalController } from '../modal/modal.ts'
import { type CaipNetwork, type CaipNetworkId, type ChainNamespace, namespaceOf } from '../networks/networks.ts'
import { type FoyerOptions, type ResolvedOptions, resolveOptions } from '../options/options.ts'
import type { ConnectMethod } from '../protocol/analytics.ts'
import { createQueryCache } from '../query/queryCache.ts'
import { afterPreferredAccountType } from '../router/router.ts'
import { createSiweLoader } from '../siwe/siweLoader.ts'
import { createSnackbarController } from '../snackbar/snackbar.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { createThemeController } from '../theme/theme.ts'
import { createWalletConnectPairing } from '../walletconnect/walletConnectPairing.ts'
import { addRecentWallet, type RecentWallet } from '../walletconnect/walletStorage.ts'
import { type FoyerState, initialState } from './state.ts'

export type FoyerClient = ReturnType<typeof createFoyerClient>

/**
 * The headless Foyer client: one per page (never a module singleton, so SSR requests stay apart).
 * Views read `store` and call these actions; adapters report through the controller they are given.
 */
export function createFoyerClient(parameters: FoyerOptions) {
  const options: ResolvedOptions = resolveOptions(parameters)
  const store: Store<FoyerState> = createStore(initialState(options))
  const logger = createLogger(options.logLevel)
  /** The site's Foyer server; undefined without `apiUrl` (server features are then hidden). */
  const api: ApiClient | undefined = options.apiUrl
    ? createApiClient({ apiUrl: options.apiUrl, projectId: options.projectId })
    : undefined
  const queries = createQueryCache()
  const adapters = new Map<ChainNamespace, ChainAdapter>(options.adapters.map((a) => [a.namespace, a]))
  let unsupportedTimer: ReturnType<typeof setTimeout> | undefined

  const get = store.getState
  const networkById = (id: string | undefined) => options.networks.find((n) => n.id === id)
  const adapterFor = (namespace: ChainNamespace) => {
    const adapter = adapters.get(namespace)
    if (!adapter) throw new ChainAdapterNotFoundError({ namespace })
    return adapter
  }
  /** The network a connect of the family starts on: the selected one when it is of that family, else its first. */
  const networkFor = (namespace: ChainNamespace) => {
    const selected = networkById(get().network.selectedNetworkId)
    return selected?.chainNamespace === namespace
      ? selected
      : options.networks.find((n) => n.chainNamespace === namespace)
  }

  const events = createEventBus(store)
  const emit = events.emit
  const modal = createModalController({ store, adapters: options.adapters, emit })
  const { open, close, navigate } = modal
  const snackbar = createSnackbarController(store)
  const showSnackbar = snackbar.show
  const theme = createThemeController(store)
  const locale = createLocaleController(store)
  const refreshBalanceOnly = createRefreshBalance({
    store,
    networkById,
    // The site's token on the network (`tokens`) when it names one and the adapter reads tokens; else the native balance.
    readBalance: (parameters) => {
      const adapter = adapterFor(parameters.network.chainNamespace)
      const token = options.tokens?.[parameters.network.id]
      return token && adapter.getTokenBalance
        ? adapter.getTokenBalance({ ...parameters, tokenAddress: token.address })
        : adapter.getBalance(parameters)
    },
    logger,
    showSnackbar,
  })
  /** The embedded wallet an adapter offers (the EVM one holds the frame client), whichever family it signs on. */
  const embeddedWallet = () => options.adapters.find((a) => a.embeddedWallet)?.embeddedWallet
  /** The embedded wallet behind a connector, when it is the AUTH one. */
  const embeddedWalletFor = (connectorId: string | undefined) =>
    get().connectors.find((c) => c.id === connectorId)?.type === 'AUTH' ? embeddedWallet() : undefined
  // An embedded wallet's account type, read with the balance: the account's first user operation deploys it. The
  // smart account is an EVM one: the same wallet on Solana (another connector) is its key's own account.
  const refreshAccountType = createRefreshAccountType({
    store,
    read: (account) => {
      const wallet = embeddedWallet()
      return wallet && wallet.connectorId === account.connectorId ? wallet.readAccountType?.() : undefined
    },
  })
  const refreshBalance: typeof refreshBalanceOnly = async (parameters) => {
    await Promise.all([refreshAccountType(), refreshBalanceOnly(parameters)])
  }

  // ---- account and network -----------------------------------------------------------------------
  /** Whether the account shown is another chain family's than `namespace` (whose reports then wait in `connections`). */
  const showsOtherFamily = (namespace: ChainNamespace) =>
    get().account.isConnected && get().network.activeChain !== namespace

  function applyNetwork(networkId: CaipNetworkId) {
    const supported = networkById(networkId)
    const unsupported = !supported && !options.allowUnsupportedChain
    store.setState((s) => ({
      network: {
        walletNetworkId: networkId,
        selectedNetworkId: supported ? supported.id : s.network.selectedNetworkId,
        activeChain: namespaceOf(networkId),
        unsupported,
      },
    }))
    clearTimeout(unsupportedTimer)
    if (unsupported) {
      // UnsupportedChain shows after a short wait, so quick switch-throughs do not flash it.
      unsupportedTimer = setTimeout(() => {
        const { account, network } = get()
        if (!account.isConnected || !network.unsupported) return
        emit('UNSUPPORTED_CHAIN', { networkId: network.walletNetworkId })
        open({ view: 'UnsupportedChain' })
      }, UNSUPPORTED_CHAIN_DELAY_MS)
    } else if (get().modal.open && get().router.view === 'UnsupportedChain') modal.afterNetworkSwitch()
  }

  /**
   * A wallet's report for one chain family. It is recorded as that family's connection; the account shown follows
   * it when the family is the active one, when nothing is shown yet, or when the person just chose it (`activate`).
   */
  function applyAccount(reported: ReportedAccount, { activate = false }: { activate?: boolean } = {}) {
    const namespace = namespaceOf(reported.networkId)
    store.setState((s) => ({ connections: { ...s.connections, [namespace]: reported } }))
    if (!activate && showsOtherFamily(namespace)) return
    const connector = get().connectors.find((c) => c.id === reported.connectorId)
    const previous = get().account.address
    if (previous && previous !== reported.address) forgetAccountData(queries, previous)
    // An embedded wallet signed in with a provider: which one, and the person's name there.
    const login = embeddedWalletFor(reported.connectorId)?.getLogin?.()
    store.setState({
      account: reportedAccountState(get().account, reported, connector, networkById(reported.networkId), login),
    })
    applyNetwork(reported.networkId)
    void refreshBalance()
  }

  /**
   * A family's wallet disconnected (every family's without `namespace`). When the shown account goes and another
   * family is still connected, the account shown becomes that one's.
   */
  function resetAccount(namespace?: ChainNamespace) {
    const remaining = namespace ? { ...get().connections, [namespace]: undefined } : {}
    store.setState({ connections: remaining })
    if (namespace && showsOtherFamily(namespace)) return
    const other = Object.values(remaining).find((connection) => connection !== undefined)
    if (other) {
      applyAccount(other, { activate: true })
      return
    }
    walletConnect.reset() // from either side: the pairing link and the stored deep link go
    clearTimeout(unsupportedTimer)
    const { address } = get().account
    if (address) forgetAccountData(queries, address)
    store.setState((s) => ({
      account: disconnectedAccount,
      network: { ...s.network, walletNetworkId: undefined, unsupported: false },
    }))
    if (get().modal.open && get().router.view !== 'Connect') navigate.reset('Connect')
  }

  // ---- actions views call ------------------------------------------------------------------------
  /**
   * Connects with a listed connector. The modal closes on success and the wallet becomes a recent wallet;
   * failures are thrown for the view to show. WalletConnect-type connectors report their pairing URI to `onUri`.
   */
  async function connect(
    connectorId: string,
    parameters: {
      onUri?: (uri: string) => void
      recentWallet?: RecentWallet
      /** How the person connects, for the events (default: from the connector's type; a social login says so). */
      method?: ConnectMethod
    } = {},
  ) {
    const connector = get().connectors.find((c) => c.id === connectorId)
    if (!connector) throw new ConnectorNotFoundError({ connectorId })
    const wallet = {
      name: connector.name,
      type: connector.type,
      method: parameters.method ?? connectMethodOf(connector),
    }
    emit('SELECT_WALLET', wallet)
    store.setState((s) => ({ account: { ...s.account, status: 'connecting' } }))
    try {
      const network = networkFor(connector.chain)
      const reported = await adapterFor(connector.chain).connect({ connectorId, network, onUri: parameters.onUri })
      applyAccount(reported, { activate: true })
      addRecentWallet(
        parameters.recentWallet ?? {
          id: connector.explorerId ?? connector.info?.rdns ?? connector.id,
          name: connector.name,
          imageUrl: connector.imageUrl,
          connectorId: connector.id,
          rdns: connector.info?.rdns,
        },
      )
      emit('CONNECT_SUCCESS', { ...wallet, address: reported.address })
      // With sign-in on, a signed-out EVM account goes on to ConnectingSiwe (the modal stays open); else it closes.
      if (siweLoader.needsSignIn(connector.chain))
        open({ view: afterPreferredAccountType({ siweEnabled: true, chainNamespace: connector.chain }) })
      else close()
    } catch (error) {
      store.setState((s) => ({
        account: { ...s.account, status: s.account.isConnected ? 'connected' : 'disconnected' },
      }))
      emit('CONNECT_ERROR', { ...wallet, ...failureProps(error) }, 'error')
      logger.error('connect', error)
      throw error
    }
  }

  /** The WalletConnect pairing the QR view follows (URI, renewal before expiry, decline / failure). */
  const walletConnect = createWalletConnectPairing({
    connect,
    findConnectorId: () => pairingConnector(get().connectors)?.id,
  })

  /** Disconnects and closes the modal (`keepOpen`: stays, on Connect — e.g. to show why sign-in ended the connection). */
  async function disconnect(parameters: { keepOpen?: boolean } = {}) {
    try {
      await Promise.all(options.adapters.filter((a) => get().connections[a.namespace]).map((a) => a.disconnect()))
      resetAccount()
      emit('DISCONNECT_SUCCESS')
      if (!parameters.keepOpen) close()
    } catch (error) {
      logger.error('disconnect', error)
      emit('DISCONNECT_ERROR', undefined, 'error')
      showSnackbar('error', { key: 'snackbar.failedToDisconnect' })
      throw new DisconnectError({ cause: error })
    }
  }

  /**
   * Switches to one of the site's networks (`switchNetwork.ts`, a chunk of its own: only a person choosing a network,
   * or the site, switches).
   */
  const switchNetwork = async (networkId: CaipNetworkId) =>
    (await import('./switchNetwork.ts')).switchNetwork(
      {
        store,
        adapterFor,
        showAccount: (reported) => applyAccount(reported, { activate: true }),
        networkById,
        applyNetwork,
        refreshBalance,
        emit,
        modal,
      },
      networkId,
    )

  // ---- sign-in with Ethereum (its own chunk, loaded only when `siwe` is set) -----------------------------
  const siweLoader = createSiweLoader({
    options,
    api,
    store,
    logger,
    adapterFor: (namespace) => adapters.get(namespace),
    open,
    navigate,
    showSnackbar,
    disconnect: () => disconnect({ keepOpen: true }),
    emit,
  })

  // ---- adapters ----------------------------------------------------------------------------------
  /** Starts the adapters (call once in the browser, e.g. from the provider's effect). Returns a clean-up. */
  function mount() {
    const cleanups = options.adapters.map((adapter) => {
      const controller: AdapterController = {
        networks: options.networks.filter((n) => n.chainNamespace === adapter.namespace),
        setConnectors(reported) {
          // With `features.eip6963` off, EIP-6963 (EVM) announced wallets are not listed, whichever adapter reports
          // them; Solana wallets announce themselves through the Wallet Standard, which the flag does not govern.
          const connectors = options.features.eip6963
            ? reported
            : reported.filter((c) => c.type !== 'ANNOUNCED' || c.chain !== 'eip155')
          store.setState((s) => ({
            connectors: dedupeConnectors([...s.connectors.filter((c) => c.chain !== adapter.namespace), ...connectors]),
          }))
        },
        setStatus(status) {
          // Another family's wallet reconnecting does not change the account shown.
          if (showsOtherFamily(adapter.namespace)) return
          store.setState((s) => ({ account: { ...s.account, status } }))
        },
        setAccount: (reported) => applyAccount(reported),
        setNetwork(networkId) {
          const connection = get().connections[adapter.namespace]
          if (connection) {
            store.setState((s) => ({
              connections: { ...s.connections, [adapter.namespace]: { ...connection, networkId } },
            }))
          }
          if (showsOtherFamily(adapter.namespace)) return
          applyNetwork(networkId)
          void refreshBalance()
        },
        resetAccount: () => resetAccount(adapter.namespace),
        options,
        embeddedWallet: () => (isEmbeddedLoginEnabled(options) ? embeddedWallet() : undefined),
        showEmbeddedFrame: modal.showFrame,
        hideEmbeddedFrame: modal.hideFinishedFrame,
        rpcNotAllowed(method, error) {
          logger.error(error ? error.message : `Requested RPC call is not allowed: ${method}`)
          showSnackbar('error', { key: 'error.actionNotAllowed' })
        },
      }
      return adapter.mount(controller)
    })
    if (options.locale !== 'en') void locale.setLocale(options.locale)
    siweLoader.start()
    const stopAnalytics = connectAnalytics(options, events.subscribe)
    return () => {
      stopAnalytics()
      for (const cleanup of cleanups) cleanup?.()
      siweLoader.dispose()
      clearTimeout(unsupportedTimer)
      modal.dispose()
      snackbar.dispose()
    }
  }

  return {
    options,
    store,
    api,
    queries,
    logger,
    getState: get,
    subscribe: store.subscribe,
    mount,
    // modal
    open,
    close,
    shake: modal.shake,
    setLoading: modal.setLoading,
    setCloseGuard: modal.setCloseGuard,
    navigate,
    // snackbar
    showSnackbar,
    hideSnackbar: snackbar.hide,
    // wallet
    connect,
    disconnect,
    walletConnect,
    switchNetwork,
    siwe: siweLoader.actions,
    refreshBalance,
    getNetwork: networkById,
    getSelectedNetwork: (): CaipNetwork => networkById(get().network.selectedNetworkId) ?? options.networks[0],
    // theme and locale
    setThemeMode: theme.setThemeMode,
    setThemeVariables: theme.setThemeVariables,
    setLocale: locale.setLocale,
    t: locale.t,
    // events
    subscribeEvents: events.subscribe,
    /** Emits an event on the bus (and so to analytics): the core's actions call it where a step happens. */
    emit,
  }
}

/** The connect method of a connector: WalletConnect, the embedded wallet (email), else a browser wallet. */
function connectMethodOf(connector: Connector): ConnectMethod {
  if (connector.type === 'WALLET_CONNECT') return 'walletconnect'
  if (connector.type === 'AUTH') return 'email'
  return 'browser'
}
