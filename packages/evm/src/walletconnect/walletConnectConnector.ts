import { createConnector } from '@wagmi/core'
import { type Address, getAddress } from 'viem'
import { SESSION_FLAG, type SessionStorage, type WalletConnectParameters } from './walletConnectProtocol.ts'
import type { WalletConnectSession } from './walletConnectSession.ts'

type UniversalProvider = WalletConnectSession['provider']

/**
 * A wagmi connector for WalletConnect v2 on the real SDK. What stays in the page is this shell: its name, the
 * session flag and the event handlers. The SDK and the session logic (`walletConnectSession.ts`) are one chunk,
 * loaded the first time WalletConnect is used or when a stored session is restored, never with the page. Browsers
 * get it prebuilt with the SDK inlined (`#walletconnect-session` in package.json: `walletConnectSession.bundle.js`);
 * Node gets the source. Emits the pairing URI as wagmi's `message` event
 * (`{ type: 'display_uri', data }`).
 *
 * @example
 * createConfig({ chains, transports, connectors: [walletConnect({ projectId: 'my-site', relayUrl: 'ws://127.0.0.1:8790' })] })
 */
export function walletConnect(parameters: WalletConnectParameters) {
  let session: WalletConnectSession | undefined
  let loading: Promise<WalletConnectSession> | undefined

  return createConnector<UniversalProvider>((config) => {
    const storage = config.storage as SessionStorage
    const hasStoredSession = async () => Boolean(await storage?.getItem(SESSION_FLAG))
    /** Loads the SDK and creates the session, once (again after a failure). */
    const load = () =>
      (loading ??= import('#walletconnect-session')
        .then((m) => m.createWalletConnectSession(parameters, config, storage, connector))
        .then((created) => (session = created))
        .catch((error) => {
          loading = undefined
          throw error
        }))

    const connector = {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect' as const,

      /**
       * The provider once loaded. Before that, only when a session was stored (a reload while connected): wagmi's
       * reconnect asks every connector for its provider on page load, and the SDK must not load for that.
       */
      async getProvider(): Promise<UniversalProvider> {
        if (session) return session.provider
        if (!(await hasStoredSession())) return undefined as never
        return (await load()).provider
      },

      connect: async (options?: { chainId?: number; isReconnecting?: boolean }) =>
        (await load()).connect(options) as never,

      async disconnect() {
        await storage?.removeItem(SESSION_FLAG)
        await session?.disconnect()
      },

      getAccounts: async (): Promise<readonly Address[]> => (session ? session.getAccounts() : []),
      getChainId: async () => (await load()).getChainId(),
      switchChain: async (options: { chainId: number }) => (await load()).switchChain(options),

      async isAuthorized() {
        // Without a stored session there is nothing to restore: do not load the SDK on page load.
        if (!(await hasStoredSession())) return false
        try {
          return Boolean((await load()).provider.session)
        } catch {
          return false
        }
      },

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) void connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged: (chainId: number | string) => config.emitter.emit('change', { chainId: Number(chainId) }),
      async onDisconnect() {
        await storage?.removeItem(SESSION_FLAG)
        config.emitter.emit('disconnect')
      },
    }
    return connector as never
  })
}

export { WALLETCONNECT_METHODS } from './walletConnectMethods.ts'
export {
  PairingSupersededError,
  type WalletConnectParameters,
  type WalletConnectSolanaNetwork,
} from './walletConnectProtocol.ts'
