/**
 * The embedded-wallet (email) connector: a wagmi connector whose provider is Foyer's secure frame, so wagmi hooks
 * (useSignMessage, useSendTransaction …) work with it like with any wallet. The frame client (`@foyer/embedded`,
 * opened by `embeddedSession.ts`) is a separate chunk, loaded when a person starts an email login or when a stored
 * embedded session is restored; a page that never uses email login never downloads it.
 */
import { EmbeddedFrameLoadError, EmbeddedWalletError, FoyerError } from '@foyer/core'
import { type AdapterController, type EmbeddedWallet, isEmbeddedLoginEnabled } from '@foyer/core/internal'
import type { EmbeddedWalletClient } from '@foyer/embedded'
import { type Config, type Connector, createConnector, reconnect } from '@wagmi/core'
import { type Address, getAddress } from 'viem'
import { addConnector } from '../adapter/wagmiInternals.ts'

export const EMBEDDED_CONNECTOR_ID = 'foyer-embedded'
export const EMBEDDED_CONNECTOR_TYPE = 'foyerEmbedded'
/** Set on the site's origin while an embedded session may exist (no secret: only "try to restore"). */
export const EMBEDDED_SESSION_HINT_KEY = 'foyer.embedded.session'

const hint = {
  get: () => {
    try {
      return typeof localStorage !== 'undefined' && localStorage.getItem(EMBEDDED_SESSION_HINT_KEY) === '1'
    } catch {
      return false
    }
  },
  set(on: boolean) {
    try {
      if (on) localStorage.setItem(EMBEDDED_SESSION_HINT_KEY, '1')
      else localStorage.removeItem(EMBEDDED_SESSION_HINT_KEY)
    } catch {
      // storage disabled: the session simply is not restored after a reload
    }
  },
}

export type EmbeddedRuntime = ReturnType<typeof createEmbeddedRuntime>

/**
 * Owns the frame client for one adapter: loads it on demand (retrying after a failure), wires its events to the
 * core controller, and offers the core's `EmbeddedWallet` interface and the wagmi connector.
 */
export function createEmbeddedRuntime() {
  let controller: AdapterController | undefined
  let client: Promise<EmbeddedWalletClient> | undefined
  let loaded: EmbeddedWalletClient | undefined
  /** From the loaded chunk: the provider wagmi and viem get (see `viemFacingProvider`). */
  let providerFor: ((embedded: EmbeddedWalletClient) => EmbeddedWalletClient['provider']) | undefined
  let keepOpen = false
  /** Flows whose screens the frame draws inside a view that already hosts it (code entry, email change, devices). */
  let hostedFlows = 0
  /** While a social sign-in waits: the view to tell when the frame has a screen to show (link, recovery code). */
  let onSignInFrame: ((visible: boolean) => void) | undefined
  /** Who follows the person's Solana address (a Solana adapter connected through this wallet). */
  const solanaWatchers = new Set<(address: string | undefined) => void>()
  const tellSolana = (address: string | undefined) => {
    for (const watcher of [...solanaWatchers]) watcher(address)
  }

  // Email login or social login (both sign in through the frame).
  const enabled = () => controller !== undefined && isEmbeddedLoginEnabled(controller.options)

  function load(): Promise<EmbeddedWalletClient> {
    if (!controller || !enabled()) return Promise.reject(new EmbeddedWalletError({ code: 'not_available' }))
    const { options } = controller
    const current = controller
    client ??= import('./embeddedSession.ts')
      .then(({ openEmbeddedClient, viemFacingProvider }) => {
        providerFor = viemFacingProvider
        return openEmbeddedClient(options, {
          onFrameVisibility: (visible, reason) => {
            keepOpen = visible && reason === 'recovery'
            if (onSignInFrame) return onSignInFrame(visible)
            if (hostedFlows > 0) return // the hosting view already shows the frame: no ApproveTransaction on top
            if (visible) current.showEmbeddedFrame()
            else current.hideEmbeddedFrame()
          },
          onRpcNotAllowed: (method, error) => current.rpcNotAllowed(method, error),
        })
      })
      .then((created) => {
        loaded = created
        // The frame signed out (revoked, signed out everywhere, the session ended) or another person signed in.
        created.provider.on('accountsChanged', (accounts: string[]) =>
          tellSolana(accounts.length ? created.user?.solanaAddress : undefined),
        )
        return created
      })
      .catch((error: unknown) => {
        client = undefined // a failed load (offline, frame down) is tried again next time
        throw error instanceof EmbeddedFrameLoadError ? error : new EmbeddedFrameLoadError({ cause: error })
      })
    return client
  }

  /** Runs a flow whose screens the frame draws in the view that hosts it. */
  async function hosted<result>(task: (embedded: EmbeddedWalletClient) => Promise<result>): Promise<result> {
    const embedded = await load()
    hostedFlows++
    try {
      return await task(embedded)
    } finally {
      hostedFlows--
    }
  }

  const embeddedWallet: EmbeddedWallet = {
    connectorId: EMBEDDED_CONNECTOR_ID,
    async connectEmail({ email }, options) {
      return (await load()).connectEmail(email, options?.signal)
    },
    async connectOtp(options) {
      const user = await hosted((embedded) => embedded.connectOtp(options?.signal))
      tellSolana(user.solanaAddress)
    },
    getEmail: () => loaded?.user?.email ?? undefined,
    updateEmail: ({ email }, options) => hosted((embedded) => embedded.updateEmail(email, options?.signal)),
    async showDevices(options) {
      const result = await hosted((embedded) => embedded.showDevices(options?.signal))
      if (result.signedOut) tellSolana(undefined)
      return result
    },
    attachFrame(container) {
      if (loaded) return loaded.attachFrame(container)
      // A view hosting the frame before the client finished loading: attach once it has (unless gone by then).
      let detach: (() => void) | undefined
      let gone = false
      load().then(
        (embedded) => {
          if (!gone) detach = embedded.attachFrame(container)
        },
        () => undefined,
      )
      return () => {
        gone = true
        detach?.()
      }
    },
    abortPendingRequests() {
      loaded?.abortPendingRequests()
    },
    canClose: () => !keepOpen,
    async connectSocial({ provider }, options) {
      return (await load()).connectSocial(provider, options?.signal)
    },
    async connectFarcaster(options) {
      return (await load()).connectFarcaster(options?.signal)
    },
    async awaitSocial(options) {
      const embedded = await load()
      // The frame's sign-in screens (link question, recovery code) show in the waiting view, which hosts the frame.
      const onVisible = (visible: boolean) => options?.onFrameVisible?.(visible)
      onSignInFrame = onVisible
      try {
        tellSolana((await embedded.awaitSocial(options?.signal)).solanaAddress)
      } finally {
        if (onSignInFrame === onVisible) onSignInFrame = undefined
      }
    },
    async cancelSocial() {
      await loaded?.cancelSocial()
    },
    getLogin() {
      const user = loaded?.user
      if (!user?.loginProvider) return undefined
      return {
        provider: user.loginProvider,
        ...(user.userName ? { name: user.userName } : {}),
        ...(user.userAvatar ? { avatarUrl: user.userAvatar } : {}),
        ...(user.fid ? { fid: user.fid } : {}),
      }
    },
    async readAccountType() {
      if (!loaded?.user) return undefined
      const { preferredAccountType, smartAccountDeployed, accounts } = await loaded.getUser()
      return { preferredAccountType, smartAccountDeployed, accounts }
    },
    async getSmartAccountNetworks() {
      return (await (await load()).getSmartAccountEnabledNetworks()).smartAccountEnabledNetworks
    },
    async setPreferredAccountType(type) {
      await (await load()).setPreferredAccount(type)
    },
    // The same frame and key on Solana: a Solana adapter signs through these (the frame asks the person first).
    solana: {
      getSolanaAddress: () => loaded?.user?.solanaAddress,
      watchSolanaAddress(onChange) {
        const watcher = (address: string | undefined) => onChange(address)
        solanaWatchers.add(watcher)
        return () => void solanaWatchers.delete(watcher)
      },
      async signSolanaMessage({ message }, options) {
        return (await load()).solana.signMessage(message, options?.signal)
      },
      async signSolanaTransaction({ chain, transaction }, options) {
        return (await load()).solana.signTransaction(chain, transaction, options?.signal)
      },
      async signAndSendSolanaTransaction({ chain, transaction, sendOptions }, options) {
        return (await load()).solana.signAndSendTransaction(chain, transaction, sendOptions, options?.signal)
      },
    },
  }

  /** The wagmi connector. Nothing is loaded until a login starts or a stored session is restored. */
  const connector = createConnector<EmbeddedWalletClient['provider']>((config) => {
    let unwatch: (() => void) | undefined
    const onAccountsChanged = (accounts: string[]) => {
      if (!accounts.length) config.emitter.emit('disconnect')
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    }
    const onChainChanged = (chain: string) => config.emitter.emit('change', { chainId: Number(chain) })
    const onDisconnect = () => {
      hint.set(false)
      config.emitter.emit('disconnect')
    }
    const watch = (embedded: EmbeddedWalletClient) => {
      unwatch?.()
      embedded.provider.on('accountsChanged', onAccountsChanged)
      embedded.provider.on('chainChanged', onChainChanged)
      embedded.provider.on('disconnect', onDisconnect)
      unwatch = () => {
        embedded.provider.removeListener('accountsChanged', onAccountsChanged)
        embedded.provider.removeListener('chainChanged', onChainChanged)
        embedded.provider.removeListener('disconnect', onDisconnect)
      }
    }
    return {
      id: EMBEDDED_CONNECTOR_ID,
      name: 'Email',
      type: EMBEDDED_CONNECTOR_TYPE,
      async connect(parameters = {}) {
        const embedded = await load()
        if (parameters.isReconnecting && !(await embedded.isConnected()))
          throw new EmbeddedWalletError({ code: 'unauthorized' })
        const knownChain =
          parameters.chainId !== undefined && config.chains.some((c) => c.id === parameters.chainId)
            ? parameters.chainId
            : undefined
        const user = await embedded.getUser(knownChain)
        hint.set(true)
        watch(embedded)
        tellSolana(user.solanaAddress)
        return { accounts: [getAddress(user.address)] as readonly Address[], chainId: user.chainId } as never
      },
      async disconnect() {
        unwatch?.()
        unwatch = undefined
        hint.set(false)
        if (loaded) await loaded.signOut().catch(() => undefined)
        tellSolana(undefined)
      },
      async getAccounts() {
        const embedded = await load()
        const user = embedded.user ?? (await embedded.getUser())
        return [getAddress(user.address)]
      },
      async getChainId() {
        const embedded = await load()
        return embedded.chainId ?? (await embedded.getChainId())
      },
      async getProvider() {
        // wagmi asks every connector for its provider on each page load; only load the frame when it may matter.
        if (!loaded && !hint.get()) return undefined as never
        const embedded = await load()
        return providerFor!(embedded)
      },
      async isAuthorized() {
        if (!hint.get() || !enabled()) return false
        try {
          const connected = await (await load()).isConnected()
          if (!connected) hint.set(false) // the session ended: stop loading the frame on every page load
          return connected
        } catch {
          return false
        }
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new FoyerError('Unsupported chain', { messageKey: 'error.unsupportedChain' })
        await (await load()).switchNetwork(chainId)
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged,
      onChainChanged,
      onDisconnect,
    }
  })

  return {
    embeddedWallet,
    connector,
    /** Called from the adapter's mount: adds the connector to the site's wagmi config when email login is on. */
    mount(config: Config, next: AdapterController) {
      controller = next
      if (!enabled() || config.connectors.some((c) => c.id === EMBEDDED_CONNECTOR_ID)) return
      const setUp = addConnector(config, connector)
      if (hint.get()) restoreEmbeddedSession(config, setUp)
    },
  }
}

/**
 * A stored embedded session after a reload. `WagmiProvider` starts wagmi's reconnect while rendering, before the
 * adapter mounts and adds this connector, so that first pass never sees it: once wagmi has settled and nothing
 * else reconnected, this connector alone is reconnected.
 */
function restoreEmbeddedSession(config: Config, connector: Connector) {
  const busy = (status: Config['state']['status']) => status === 'connecting' || status === 'reconnecting'
  const attempt = () => {
    if (config.state.status === 'disconnected')
      void reconnect(config, { connectors: [connector] }).catch(() => undefined)
  }
  if (!busy(config.state.status)) return setTimeout(attempt, 0)
  const off = config.subscribe(
    (state) => state.status,
    (status) => {
      if (busy(status)) return
      off()
      setTimeout(attempt, 0) // after wagmi's own reconnect has fully returned
    },
  )
}
