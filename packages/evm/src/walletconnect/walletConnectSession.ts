import { UniversalProvider } from '@walletconnect/universal-provider'
import { type Address, type Chain, getAddress, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem'
import { proposalNamespaces } from './walletConnectMethods.ts'
import {
  type ConnectorConfig,
  type DisplayUriMessage,
  PairingSupersededError,
  SESSION_FLAG,
  type SessionStorage,
  type WalletConnectEvents,
  type WalletConnectParameters,
} from './walletConnectProtocol.ts'
import { createWalletConnectSolanaWallet, registerSolanaWallet, solanaAccountsOf } from './walletConnectSolanaWallet.ts'

type Provider = Awaited<ReturnType<typeof UniversalProvider.init>>

const isRejection = (error: unknown) => {
  const e = error as { code?: number; message?: string } | undefined
  return e?.code === 5000 || e?.code === 4001 || /rejected|declined/i.test(e?.message ?? '')
}

/**
 * The WalletConnect session behind the connector: the real SDK (`@walletconnect/universal-provider`), created
 * once. This module and the SDK are one chunk, loaded the first time WalletConnect is used or a stored session is
 * restored. Emits the pairing URI as wagmi's `message` event; a `connect` while a pairing is pending starts a
 * fresh pairing (the modal renews the URI before it expires).
 */
export async function createWalletConnectSession(
  parameters: WalletConnectParameters,
  config: ConnectorConfig,
  storage: SessionStorage,
  events: WalletConnectEvents,
) {
  const provider: Provider = await UniversalProvider.init({
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
  applyVerifySetting(provider, parameters.verifyUrl ?? false)
  provider.on('accountsChanged', events.onAccountsChanged)
  provider.on('chainChanged', events.onChainChanged)
  const solana = solanaSide(provider)
  const onSessionDelete = () => {
    solana.end()
    void events.onDisconnect()
  }
  provider.on('session_delete', onSessionDelete)
  provider.on('disconnect', onSessionDelete)
  // A restored session (a reload) with Solana accounts is on Solana again at once.
  solana.follow()

  let attempt = 0
  const rpcMap = () =>
    Object.fromEntries(
      config.chains.map((chain: Chain) => [chain.id, parameters.rpcMap?.[chain.id] ?? chain.rpcUrls.default.http[0]!]),
    )
  const chainOf = (id: number) => config.chains.find((c) => c.id === id)

  const session = {
    provider,

    async getAccounts(): Promise<readonly Address[]> {
      const accounts = provider.session?.namespaces.eip155?.accounts ?? []
      return [...new Set(accounts.map((a) => getAddress(a.split(':')[2]!)))]
    },

    async getChainId(): Promise<number> {
      return Number(await provider.request<number | string>({ method: 'eth_chainId' }))
    },

    /** Chain ids the wallet approved in the session. */
    sessionChains(): number[] {
      const accounts = provider.session?.namespaces.eip155?.accounts ?? []
      return [...new Set(accounts.map((a) => Number(a.split(':')[1])))]
    },

    /** Restores the stored session when there is one (a reload, wagmi's reconnect), else pairs anew. */
    async connect({ chainId }: { chainId?: number; isReconnecting?: boolean } = {}) {
      if (provider.session) return { accounts: await session.getAccounts(), chainId: await session.getChainId() }
      const mine = ++attempt
      const onUri = (uri: string) => {
        if (mine === attempt)
          config.emitter.emit('message', { type: 'display_uri', data: uri } satisfies DisplayUriMessage)
      }
      provider.on('display_uri', onUri)
      try {
        await provider.connect({
          // All optional, the call batch methods too: a wallet approves what it supports (walletConnectMethods.ts).
          optionalNamespaces: proposalNamespaces({
            evmChainIds: config.chains.map((c) => c.id),
            rpcMap: rpcMap(),
            solanaNetworks: parameters.solanaNetworks,
          }),
        })
        if (mine !== attempt) throw new PairingSupersededError()
        solana.follow()
        await storage?.setItem(SESSION_FLAG, true)
        let current = await session.getChainId()
        if (chainId && chainId !== current && session.sessionChains().includes(chainId)) {
          await session.switchChain({ chainId }).catch(() => undefined)
          current = await session.getChainId()
        }
        return { accounts: await session.getAccounts(), chainId: current }
      } catch (error) {
        if (error instanceof PairingSupersededError) throw error
        if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
        throw error
      } finally {
        provider.removeListener('display_uri', onUri)
      }
    },

    async disconnect() {
      attempt++
      solana.end()
      if (provider.session) await provider.disconnect().catch(() => undefined)
    },

    async switchChain({ chainId }: { chainId: number }) {
      const chain = chainOf(chainId)
      if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not in the wagmi config`))
      try {
        await provider.request(
          { method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] },
          `eip155:${await session.getChainId()}`,
        )
        provider.setDefaultChain(`eip155:${chainId}`, rpcMap()[chainId])
      } catch (error) {
        if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
        throw new SwitchChainError(error as Error)
      }
      config.emitter.emit('change', { chainId })
      return chain
    },
  }
  return session
}

export type WalletConnectSession = Awaited<ReturnType<typeof createWalletConnectSession>>

/**
 * The session's Solana side: while the session holds Solana accounts, a Wallet Standard wallet in the page stands
 * for it (the Solana adapter lists and uses it); it goes when the session ends.
 */
function solanaSide(provider: Provider) {
  let current: { topic: string; end: () => void } | undefined
  const end = () => {
    current?.end()
    current = undefined
  }
  return {
    /** Registers the wallet for the session now open, if it has Solana accounts and none is registered for it. */
    follow() {
      const session = provider.session
      if (!session || current?.topic === session.topic) return
      end()
      const accounts = solanaAccountsOf(session.namespaces)
      if (!accounts.length) return
      const solanaWallet = createWalletConnectSolanaWallet({
        topic: session.topic,
        accounts,
        request: (request, chainId) => provider.request(request, chainId),
      })
      const unregister = registerSolanaWallet(solanaWallet.wallet)
      current = {
        topic: session.topic,
        end() {
          solanaWallet.end()
          unregister()
        },
      }
    },
    end,
  }
}

/**
 * The SDK has no option for its Verify API; its instance does. `false` removes the attestation (no hosted
 * iframe, no 5 s stall), a URL points the attestation at another verify server.
 */
function applyVerifySetting(provider: Provider, verifyUrl: string | false) {
  const verify = provider.client.core.verify as unknown as {
    register(...args: unknown[]): Promise<string>
    verifyUrlV3: string
  }
  if (verifyUrl === false) verify.register = async () => ''
  else verify.verifyUrlV3 = verifyUrl.replace(/\/$/, '')
}
