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
import type { EmbeddedWalletFlows } from './embeddedSession.ts'

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

/** The flows that load the frame client first, then run in its chunk (`openEmbeddedWallet`). */
const FLOWS_AFTER_LOAD = [
  'connectEmail',
  'connectOtp',
  'updateEmail',
  'showDevices',
  'connectSocial',
  'connectFarcaster',
  'awaitSocial',
  'getSmartAccountNetworks',
  'setPreferredAccountType',
  'loadSolana',
] as const satisfies readonly (keyof EmbeddedWalletFlows)[]

/**
 * Owns the frame client for one adapter: loads it on demand (retrying after a failure), with the embedded wallet's
 * flows (`embeddedSession.ts`, the same chunk), and offers the core's `EmbeddedWallet` interface and the wagmi
 * connector. The page holds only what starts a flow and what answers before anything is loaded.
 */
export function createEmbeddedRuntime() {
  let controller: AdapterController | undefined
  let flows: Promise<EmbeddedWalletFlows> | undefined
  let loaded: EmbeddedWalletFlows | undefined

  // Email login or social login (both sign in through the frame).
  const enabled = () => controller !== undefined && isEmbeddedLoginEnabled(controller.options)

  function load(): Promise<EmbeddedWalletFlows> {
    if (!controller || !enabled()) return Promise.reject(new EmbeddedWalletError({ code: 'not_available' }))
    const current = controller
    flows ??= import('./embeddedSession.ts')
      .then(({ openEmbeddedWallet }) => openEmbeddedWallet(current))
      .then((opened) => (loaded = opened))
      .catch((error: unknown) => {
        flows = undefined // a failed load (offline, frame down) is tried again next time
        throw error instanceof EmbeddedFrameLoadError ? error : new EmbeddedFrameLoadError({ cause: error })
      })
    return flows
  }
  const client = async () => (await load()).client

  const embeddedWallet = {
    connectorId: EMBEDDED_CONNECTOR_ID,
    getEmail: () => loaded?.getEmail(),
    attachFrame(container) {
      if (loaded) return loaded.attachFrame(container)
      // A view hosting the frame before the client finished loading: attach once it has (unless gone by then).
      let detach: (() => void) | undefined
      let gone = false
      load().then(
        (opened) => {
          if (!gone) detach = opened.attachFrame(container)
        },
        () => undefined,
      )
      return () => {
        gone = true
        detach?.()
      }
    },
    abortPendingRequests: () => loaded?.abortPendingRequests(),
    canClose: () => loaded?.canClose() ?? true,
    cancelSocial: async () => loaded?.cancelSocial(),
    getLogin: () => loaded?.getLogin(),
    // Read with every balance: nothing to ask before the frame client is loaded.
    readAccountType: async () => loaded?.readAccountType(),
  } as EmbeddedWallet // with the flows after load, added here:
  for (const name of FLOWS_AFTER_LOAD)
    (embeddedWallet as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) =>
      ((await load())[name] as (...args: unknown[]) => unknown)(...args)

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
        const embedded = await client()
        if (parameters.isReconnecting && !(await embedded.isConnected()))
          throw new EmbeddedWalletError({ code: 'unauthorized' })
        const knownChain =
          parameters.chainId !== undefined && config.chains.some((c) => c.id === parameters.chainId)
            ? parameters.chainId
            : undefined
        const user = await embedded.getUser(knownChain)
        hint.set(true)
        watch(embedded)
        return { accounts: [getAddress(user.address)] as readonly Address[], chainId: user.chainId } as never
      },
      async disconnect() {
        unwatch?.()
        unwatch = undefined
        hint.set(false)
        if (loaded) await loaded.client.signOut().catch(() => undefined)
      },
      async getAccounts() {
        const embedded = await client()
        const user = embedded.user ?? (await embedded.getUser())
        return [getAddress(user.address)]
      },
      async getChainId() {
        const embedded = await client()
        return embedded.chainId ?? (await embedded.getChainId())
      },
      async getProvider() {
        // wagmi asks every connector for its provider on each page load; only load the frame when it may matter.
        if (!loaded && !hint.get()) return undefined as never
        return (await load()).provider
      },
      async isAuthorized() {
        if (!hint.get() || !enabled()) return false
        try {
          const connected = await (await client()).isConnected()
          if (!connected) hint.set(false) // the session ended: stop loading the frame on every page load
          return connected
        } catch {
          return false
        }
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new FoyerError('Unsupported chain', { messageKey: 'error.unsupportedChain' })
        await (await client()).switchNetwork(chainId)
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
