import { createConnector } from '@wagmi/core'
import { type Address, type Chain, SwitchChainError, UserRejectedRequestError, getAddress, numberToHex } from 'viem'

/** What the site configures for WalletConnect. */
export type WalletConnectParameters = {
  /** Sent to the relay. Foyer's own relay accepts any string; a hosted relay wants its own project id. */
  projectId: string
  /** The relay, e.g. `ws://127.0.0.1:8790` for the local stack. Default: the SDK's hosted relay. */
  relayUrl?: string
  /** The site as the wallet shows it. */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /**
   * Origin attestation (WalletConnect's Verify API). `false` (the default) sends none: the SDK then never loads
   * the hosted verify page, which otherwise stalls pairing and every request for ~5 s when it cannot be reached.
   * A URL makes the SDK attest against that verify server instead.
   */
  verifyUrl?: string | false
  /** RPC URL per chain id for reads the wallet does not answer. Default: each wagmi chain's first http URL. */
  rpcMap?: Record<number, string>
}

/** The methods asked of the wallet in the session proposal. */
export const WALLETCONNECT_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const
const EVENTS = ['chainChanged', 'accountsChanged'] as const

/** Set while a WalletConnect session exists, so a page load can tell without loading the SDK. */
const SESSION_FLAG = 'foyer.walletConnect.connected'

type UniversalProvider = Awaited<ReturnType<typeof import('@walletconnect/universal-provider').UniversalProvider.init>>

/** How a `display_uri` message reaches the adapter: wagmi's connector `message` event. */
export type DisplayUriMessage = { type: 'display_uri'; data: string }

const isRejection = (error: unknown) => {
  const e = error as { code?: number; message?: string } | undefined
  return e?.code === 5000 || e?.code === 4001 || /rejected|declined/i.test(e?.message ?? '')
}

/**
 * A wagmi connector for WalletConnect v2 on the real SDK (`@walletconnect/universal-provider`), which is loaded
 * with a dynamic import the first time WalletConnect is used (or a stored session is restored), never with the
 * page. Emits the pairing URI as wagmi's `message` event (`{ type: 'display_uri', data }`); calling `connect`
 * again while a pairing is pending starts a fresh pairing (the modal renews the URI before it expires).
 *
 * @example
 * createConfig({ chains, transports, connectors: [walletConnect({ projectId: 'my-site', relayUrl: 'ws://127.0.0.1:8790' })] })
 */
export function walletConnect(parameters: WalletConnectParameters) {
  let provider: UniversalProvider | undefined
  let loading: Promise<UniversalProvider> | undefined
  let attempt = 0

  return createConnector<UniversalProvider>((config) => {
    const storage = config.storage as { getItem(key: string): Promise<unknown>; setItem(key: string, value: unknown): Promise<void>; removeItem(key: string): Promise<void> } | null | undefined
    const rpcMap = () =>
      Object.fromEntries(config.chains.map((chain: Chain) => [chain.id, parameters.rpcMap?.[chain.id] ?? chain.rpcUrls.default.http[0]!]))
    const chainOf = (id: number) => config.chains.find((c) => c.id === id)

    const onAccountsChanged = (accounts: string[]) => {
      if (accounts.length === 0) void connector.onDisconnect()
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    }
    const onChainChanged = (chainId: number | string) => config.emitter.emit('change', { chainId: Number(chainId) })
    const onSessionDelete = () => void connector.onDisconnect()

    const connector = {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect' as const,

      /**
       * The provider once loaded. Before that, only when a session was stored (a reload while connected): wagmi's
       * reconnect asks every connector for its provider on page load, and the SDK must not load for that.
       */
      async getProvider(): Promise<UniversalProvider> {
        if (provider) return provider
        if (!(await storage?.getItem(SESSION_FLAG))) return undefined as never
        return connector.loadProvider()
      },

      /** Loads the SDK (dynamic import) and creates the provider, once. */
      async loadProvider(): Promise<UniversalProvider> {
        if (provider) return provider
        loading ??= (async () => {
          const { UniversalProvider } = await import('@walletconnect/universal-provider')
          const created = await UniversalProvider.init({
            projectId: parameters.projectId,
            relayUrl: parameters.relayUrl,
            metadata: {
              name: parameters.metadata?.name ?? 'Foyer',
              description: parameters.metadata?.description ?? '',
              url: parameters.metadata?.url ?? (typeof location === 'undefined' ? 'https://foyer.invalid' : location.origin),
              icons: parameters.metadata?.icons ?? [],
            },
            customStoragePrefix: 'foyer',
            telemetryEnabled: false,
            logger: 'silent',
          } as Parameters<typeof UniversalProvider.init>[0])
          applyVerifySetting(created, parameters.verifyUrl ?? false)
          created.on('accountsChanged', onAccountsChanged)
          created.on('chainChanged', onChainChanged)
          created.on('session_delete', onSessionDelete)
          created.on('disconnect', onSessionDelete)
          provider = created
          return created
        })().catch((error) => {
          loading = undefined
          throw error
        })
        return loading
      },

      async connect({ chainId, isReconnecting }: { chainId?: number; isReconnecting?: boolean } = {}) {
        const p = await connector.loadProvider()
        if (isReconnecting || p.session) {
          if (p.session) return { accounts: await connector.getAccounts(), chainId: await connector.getChainId() } as never
        }
        const mine = ++attempt
        const onUri = (uri: string) => {
          if (mine === attempt) config.emitter.emit('message', { type: 'display_uri', data: uri } satisfies DisplayUriMessage)
        }
        p.on('display_uri', onUri)
        try {
          await p.connect({
            optionalNamespaces: {
              eip155: { chains: config.chains.map((c) => `eip155:${c.id}`), methods: [...WALLETCONNECT_METHODS], events: [...EVENTS], rpcMap: rpcMap() },
            },
          })
          if (mine !== attempt) throw new PairingSupersededError()
          await storage?.setItem(SESSION_FLAG, true)
          let current = await connector.getChainId()
          if (chainId && chainId !== current && connector.sessionChains().includes(chainId)) {
            await connector.switchChain({ chainId }).catch(() => undefined)
            current = await connector.getChainId()
          }
          return { accounts: await connector.getAccounts(), chainId: current } as never
        } catch (error) {
          if (error instanceof PairingSupersededError) throw error
          if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw error
        } finally {
          p.removeListener('display_uri', onUri)
        }
      },

      async disconnect() {
        attempt++
        await storage?.removeItem(SESSION_FLAG)
        if (provider?.session) await provider.disconnect().catch(() => undefined)
      },

      async getAccounts(): Promise<readonly Address[]> {
        const accounts = provider?.session?.namespaces.eip155?.accounts ?? []
        return [...new Set(accounts.map((a) => getAddress(a.split(':')[2]!)))]
      },

      async getChainId(): Promise<number> {
        const p = await connector.loadProvider()
        const chainId = await p.request<number | string>({ method: 'eth_chainId' })
        return Number(chainId)
      },

      /** Chain ids the wallet approved in the session. */
      sessionChains(): number[] {
        const accounts = provider?.session?.namespaces.eip155?.accounts ?? []
        return [...new Set(accounts.map((a) => Number(a.split(':')[1])))]
      },

      async isAuthorized() {
        // Without a stored session there is nothing to restore: do not load the SDK on page load.
        if (!(await storage?.getItem(SESSION_FLAG))) return false
        try {
          const p = await connector.loadProvider()
          return Boolean(p.session)
        } catch {
          return false
        }
      },

      async switchChain({ chainId }: { chainId: number }) {
        const chain = chainOf(chainId)
        if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not in the wagmi config`))
        const p = await connector.loadProvider()
        try {
          await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] }, `eip155:${await connector.getChainId()}`)
          p.setDefaultChain(`eip155:${chainId}`, rpcMap()[chainId])
        } catch (error) {
          if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged,
      onChainChanged,
      async onDisconnect() {
        await storage?.removeItem(SESSION_FLAG)
        config.emitter.emit('disconnect')
      },
    }
    return connector as never
  })
}

/** A newer `connect` replaced this pairing (the URI was renewed before it expired). */
export class PairingSupersededError extends Error {
  override name = 'PairingSupersededError'
  constructor() {
    super('The WalletConnect pairing was replaced by a newer one.')
  }
}

/**
 * The SDK has no option for its Verify API; its instance does. `false` removes the attestation (no hosted
 * iframe, no 5 s stall), a URL points the attestation at another verify server.
 */
function applyVerifySetting(provider: UniversalProvider, verifyUrl: string | false) {
  const verify = provider.client.core.verify as unknown as { register(...args: unknown[]): Promise<string>; verifyUrlV3: string }
  if (verifyUrl === false) verify.register = async () => ''
  else verify.verifyUrlV3 = verifyUrl.replace(/\/$/, '')
}
