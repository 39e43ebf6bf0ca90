import { type CaipNetwork, ConnectorNotFoundError } from '@foyer/core'
import type {
  AdapterBalance,
  AdapterTokenCall,
  AdapterTransaction,
  ChainAdapter,
  ReportedAccount,
} from '@foyer/core/internal'
import {
  type Config,
  getConnection,
  ProviderNotFoundError,
  reconnect,
  switchChain,
  type Connector as WagmiConnector,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
} from '@wagmi/core'
import { type Hash, type Hex, numberToHex, type TransactionReceipt } from 'viem'
import { readNativeBalance } from '../account/readNativeBalance.ts'
import type { TokenFacts } from '../account/readTokenBalance.ts'
import { toReportedAccount, watchWagmiConnection } from '../account/watchWagmiConnection.ts'
import { watchWagmiConnectors } from '../connectors/wagmiConnectors.ts'
import { createEmbeddedRuntime } from '../embedded/embeddedConnector.ts'
import { toFoyerError } from '../errors/walletErrors.ts'
import { evmChainId } from '../networks/evmNetworks.ts'
import { createPublicClients, type EvmPublicClient } from '../networks/publicClients.ts'
import type { WaitForReceiptOptions } from '../receipt/waitForReceipt.ts'
import { type WalletConnectParameters, walletConnect } from '../walletconnect/walletConnectConnector.ts'
import type { WalletConnectSolanaNetwork } from '../walletconnect/walletConnectProtocol.ts'
import { addConnector, isServerRenderedConfig, storePersistence } from './wagmiInternals.ts'

export type EvmAdapterParameters<config extends Config = Config> = {
  /**
   * The site's wagmi config; the site keeps using wagmi hooks and actions with the same object. Keep
   * `multiInjectedProviderDiscovery` on (wagmi's default): that is how EIP-6963 wallets reach the modal. Whether
   * they are listed is core's `features.eip6963`, which this adapter defaults to on. List every network given to
   * Foyer in its `chains` and `transports`.
   */
  wagmiConfig: config
  /**
   * Restore the last connection when the adapter mounts (a page reload keeps the wallet connected). Skipped when
   * wagmi is already reconnecting or connected (e.g. `WagmiProvider` did it) and for `ssr: true` configs, where
   * `WagmiProvider` rehydrates and reconnects. Default `true`.
   */
  reconnectOnMount?: boolean
  /**
   * Adds a WalletConnect connector (the real SDK, loaded only when WalletConnect is used) to the wagmi config,
   * unless the config already has one with the id `walletConnect`. See `walletConnect()` for the options.
   */
  walletConnect?: WalletConnectParameters
}

export type EvmAdapter<config extends Config = Config> = ChainAdapter & {
  readonly namespace: 'eip155'
  readonly eip6963: true
  readonly wagmiConfig: config
  /** A viem public client over the network's own RPC (cached per network). */
  getPublicClient(network: CaipNetwork): EvmPublicClient
  /** Waits for a transaction's receipt on the network; 25 s (`RECEIPT_TIMEOUT_MS`) unless `options.timeout`. */
  waitForReceipt(hash: Hash, network: CaipNetwork, options?: WaitForReceiptOptions): Promise<TransactionReceipt>
  sendTransaction(transaction: AdapterTransaction): Promise<Hash>
  writeContract(call: AdapterTokenCall): Promise<Hash>
  estimateGas(transaction: AdapterTransaction & { from: string }): Promise<bigint>
  estimateTokenCallGas(call: AdapterTokenCall & { from: string }): Promise<bigint>
  getGasPrice(network: CaipNetwork): Promise<bigint>
  getTokenBalance(parameters: { address: string; network: CaipNetwork; tokenAddress: string }): Promise<AdapterBalance>
  signMessage(parameters: { message: string }): Promise<Hex>
}

/**
 * The EVM chain adapter: plugs a site's wagmi config into Foyer. Lists the config's connectors (EIP-6963 wallets
 * as `ANNOUNCED`), follows the connection, connects, disconnects and switches networks through wagmi, and reads
 * native and ERC-20 balances over each network's RPC with viem. Nothing here runs until `mount`, so it is safe to create
 * during a server render.
 *
 * @example
 * const wagmiConfig = createConfig({ chains: [mainnet, base], transports: { [mainnet.id]: http(), [base.id]: http() } })
 * const foyer = createFoyer({ adapters: [evmAdapter({ wagmiConfig })], networks: [mainnet, base] })
 */
export function evmAdapter<config extends Config>(parameters: EvmAdapterParameters<config>): EvmAdapter<config> {
  const { wagmiConfig, reconnectOnMount = true } = parameters
  const config = wagmiConfig as Config
  // The site's Solana networks are known at mount; the proposal is made later, on the first pairing.
  const walletConnectParameters = parameters.walletConnect && { ...parameters.walletConnect }
  if (walletConnectParameters && !config.connectors.some((c) => c.id === 'walletConnect')) {
    addConnector(config, walletConnect(walletConnectParameters))
  }
  const publicClient = createPublicClients()
  const tokenFacts: TokenFacts = new Map()
  let reconnectStarted = false
  // Email login through the secure frame (AUTH connector); active when the options give frameUrl, apiUrl, projectId.
  const embedded = createEmbeddedRuntime()

  const findConnector = (connectorId: string) => config.connectors.find((c) => c.id === connectorId)
  const isConfigured = (chainId: number) => config.chains.some((c) => c.id === chainId)

  function currentAccount(): ReportedAccount | undefined {
    const connection = getConnection(config)
    return connection.status === 'connected' ? toReportedAccount(config, connection) : undefined
  }

  async function connectWith(connector: WagmiConnector, network: CaipNetwork | undefined): Promise<ReportedAccount> {
    if (config.state.current === connector.uid) {
      const account = currentAccount()
      if (account) return account
    }
    const chainId =
      network?.chainNamespace === 'eip155' && isConfigured(Number(network.chainId))
        ? Number(network.chainId)
        : undefined
    try {
      const result = await wagmiConnect(config, { connector, ...(chainId !== undefined && { chainId }) })
      // wagmi's state has the connection now, with the wallet's name and icon; the result is the fallback.
      const account = currentAccount()
      if (account?.connectorId === connector.id) return account
      return { address: result.accounts[0], networkId: `eip155:${result.chainId}`, connectorId: connector.id }
    } catch (error) {
      throw toFoyerError(error)
    }
  }

  return {
    namespace: 'eip155',
    // Announced wallets are listed unless the site sets `features.eip6963: false`.
    eip6963: true,
    wagmiConfig,

    embeddedWallet: embedded.embeddedWallet,

    mount(controller) {
      let mounted = true
      // The proposal's `solana` namespace asks for the site's Solana networks (their ids and RPC URLs).
      if (walletConnectParameters)
        walletConnectParameters.solanaNetworks ??= controller.options.networks.filter(
          (n): n is CaipNetwork & WalletConnectSolanaNetwork => n.chainNamespace === 'solana',
        )
      embedded.mount(config, controller) // before the connector list is read and before reconnect
      const unwatchConnectors = watchWagmiConnectors(config, controller.options.features, (connectors) => {
        if (mounted) controller.setConnectors(connectors)
      })
      const connection = watchWagmiConnection(config, controller)
      connection.report()

      if (reconnectOnMount && !reconnectStarted && !isServerRenderedConfig(config)) {
        reconnectStarted = true
        void restoreConnection(config)
      }

      return () => {
        mounted = false
        unwatchConnectors()
        connection.unwatch()
      }
    },

    async connect({ connectorId, network, onUri }) {
      const connector = findConnector(connectorId)
      if (!connector) throw new ConnectorNotFoundError({ connectorId })
      // WalletConnect-style connectors announce their pairing URI as a `display_uri` message.
      const onMessage = (message: { type: string; data?: unknown }) => {
        if (message.type === 'display_uri' && typeof message.data === 'string') onUri?.(message.data)
      }
      if (onUri) connector.emitter.on('message', onMessage)
      try {
        return await connectWith(connector, network)
      } finally {
        connector.emitter.off('message', onMessage)
      }
    },

    async disconnect() {
      try {
        await wagmiDisconnect(config)
      } catch (error) {
        throw toFoyerError(error)
      }
    },

    // Its own chunk: a switch follows a click in a view, never a page load.
    switchNetwork: async (network) =>
      (await import('../networks/switchNetwork.ts')).switchWalletNetwork(config, network, switchTools),

    async getBalance({ address, network }): Promise<AdapterBalance> {
      const value = await readNativeBalance(publicClient(network), address)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },

    // The site's `tokens` option: read after a connection, in a chunk of its own, never with the page.
    getTokenBalance: async ({ address, network, tokenAddress }) =>
      (await import('../account/readTokenBalance.ts')).readTokenBalance(
        publicClient(network),
        { address, tokenAddress },
        tokenFacts,
      ),

    getPublicClient: publicClient,

    async waitForReceipt(hash: string, network: CaipNetwork, options?: WaitForReceiptOptions) {
      // In the sending chunk: receipts follow a transaction, never a page load.
      return (await sendingChunk()).waitForReceipt(publicClient(network), hash as Hash, options)
    },

    // Sending, gas, ERC-20 calls and receipts are a chunk of their own: they follow a click in a view, never a page
    // load, and bring viem's transaction preparation (~20 KB gzip), which a site with only a connect button lacks.
    sendTransaction: async (transaction) => (await sendingChunk()).sendWalletTransaction(config, transaction),

    writeContract: async (call) => (await sendingChunk()).writeTokenCall(config, call),

    estimateGas: async (transaction) =>
      (await sendingChunk()).estimateTransactionGas(publicClient(transaction.network), transaction),

    estimateTokenCallGas: async (call) => (await sendingChunk()).estimateTokenCallGas(publicClient(call.network), call),

    getGasPrice: async (network) => (await sendingChunk()).readGasPrice(publicClient(network)),

    // Call batches (EIP-5792) travel in the sending chunk: only the swap asks, after a click.
    supportsAtomicBatch: async (network) => (await sendingChunk()).supportsAtomicBatch(config, network),

    sendAtomicCalls: async (parameters) => (await sendingChunk()).sendAtomicCalls(config, parameters),

    // Its own chunk: a signature follows a click (sign-in, a name), never a page load, and needs none of the
    // sending chunk's transaction preparation.
    signMessage: async ({ message }) =>
      (await import('../signing/signWalletMessage.ts')).signWalletMessage(config, message),
  }
}

const switchTools = { switchChain, numberToHex, ProviderNotFoundError, evmChainId }

const sendingChunk = () => import('../transactions/sendingChunk.ts')

/**
 * wagmi's `reconnect`, once the persisted connection has been read back from storage (wagmi reads it
 * asynchronously) and only when nobody else (the site, `WagmiProvider`) has started or finished one already.
 */
async function restoreConnection(config: Config): Promise<void> {
  const persist = storePersistence(config)
  if (persist && !persist.hasHydrated()) {
    await new Promise<void>((resolve) => {
      const off = persist.onFinishHydration(() => {
        off()
        resolve()
      })
      if (persist.hasHydrated()) {
        off()
        resolve()
      }
    })
  }
  if (config.state.status !== 'disconnected') return
  await reconnect(config).catch(() => undefined)
}
