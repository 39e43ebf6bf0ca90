import {
  type CaipNetwork,
  ClientNotSetError,
  ConnectorNotFoundError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@foyer/core'
import type {
  AdapterBalance,
  AdapterController,
  AdapterTokenCall,
  AdapterTransaction,
  ChainAdapter,
  EmbeddedSolanaWallet,
  EmbeddedWallet,
  ReportedAccount,
} from '@foyer/core/internal'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
} from '@wallet-standard/features'
import {
  EMBEDDED_SOLANA_CONNECTOR_ID,
  embeddedSolanaAddress,
  embeddedSolanaConnector,
  signEmbeddedSolanaMessage,
} from '../embedded/embeddedSolana.ts'
import { SolanaWalletFeatureNotSupportedError, toFoyerError } from '../errors/solanaErrors.ts'
import type { SolanaReceipt, WaitForSignatureOptions } from '../receipt/waitForSignature.ts'
import {
  pickSolanaAccount,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  solanaConnectorId,
  toSolanaConnector,
  WALLETCONNECT_FEATURE,
  watchSolanaWallets,
} from '../wallets/solanaWallets.ts'
import { readLastWallet, writeLastWallet } from './lastWallet.ts'

export type SolanaAdapterParameters = {
  /**
   * Restore the last connection when the adapter mounts: the wallet connected last (its name kept in
   * `localStorage`) is asked for a silent `standard:connect`, which never prompts. Default `true`.
   */
  reconnectOnMount?: boolean
  /**
   * Symbols of the SPL tokens the site shows (the site's `tokens` option), by mint address. A mint has no symbol
   * on chain; one not listed here shows as the start of its address.
   */
  tokens?: Record<string, { symbol: string }>
}

export type SolanaAdapter = ChainAdapter & {
  readonly namespace: 'solana'
  getTokenBalance(parameters: { address: string; network: CaipNetwork; tokenAddress: string }): Promise<AdapterBalance>
  sendTransaction(transaction: AdapterTransaction): Promise<string>
  writeContract(call: AdapterTokenCall): Promise<string>
  /** Waits until the transaction is confirmed; 25 s (`RECEIPT_TIMEOUT_MS`) unless `options.timeout`. */
  waitForReceipt(signature: string, network: CaipNetwork, options?: WaitForSignatureOptions): Promise<SolanaReceipt>
  signMessage(parameters: { message: string }): Promise<string>
  estimateTransferFee(parameters: {
    network: CaipNetwork
    from: string
    to: string
    tokenAddress?: string
    amount: bigint
  }): Promise<bigint>
  /** The Wallet Standard wallet and account connected now, if any (undefined for the embedded wallet). */
  getConnection(): { wallet: Wallet; account: WalletAccount } | undefined
}

/**
 * What the adapter is connected through: a Wallet Standard wallet's account, or the site's embedded wallet (its
 * Solana account, signed in through the EVM side's email or social login).
 */
type Connection =
  | { kind: 'standard'; wallet: Wallet; account: WalletAccount; connectorId: string; off: () => void }
  | { kind: 'embedded'; wallet: EmbeddedSolanaWallet; address: string; connectorId: string; off: () => void }

const addressOf = (current: Connection) => (current.kind === 'standard' ? current.account.address : current.address)
const walletNameOf = (current: Connection | undefined) =>
  current?.kind === 'standard' ? current.wallet.name : current && embeddedSolanaConnector.name

/**
 * The Solana chain adapter: lists every wallet that registers itself through the Wallet Standard with a Solana chain
 * (Phantom, Solflare, Backpack, …) under its own name and icon, connects, follows the wallet's account changes,
 * signs messages and sends SOL and SPL tokens (Token and Token-2022) over each network's RPC with `@solana/kit`.
 * When the site has an embedded wallet (the EVM adapter's email login), its Solana account is listed too, as an
 * "Email" AUTH connector: it connects once the person signed in by email, signs in the secure frame, and goes when
 * they sign out. Nothing runs until `mount`; RPC reads, transaction building and signing are lazy chunks.
 *
 * @example
 * const foyer = createFoyer({ adapters: [solanaAdapter()], networks: [solanaMainnet, solanaDevnet] })
 */
export function solanaAdapter(parameters: SolanaAdapterParameters = {}): SolanaAdapter {
  const { reconnectOnMount = true } = parameters
  let wallets: Wallet[] = []
  let controller: AdapterController | undefined
  let selected: CaipNetwork | undefined
  let connection: Connection | undefined
  let restoreTried = false

  const findWallet = (connectorId: string) => wallets.find((w) => solanaConnectorId(w) === connectorId)

  function networkFor(network: CaipNetwork | undefined): CaipNetwork {
    if (network?.chainNamespace === 'solana') return network
    const fallback = selected ?? controller?.networks[0]
    if (!fallback) throw new UnsupportedChainError({ details: 'The site lists no Solana network' })
    return fallback
  }

  function report(current: Connection): ReportedAccount {
    return {
      address: addressOf(current),
      networkId: networkFor(undefined).id,
      connectorId: current.connectorId,
      walletInfo:
        current.kind === 'standard'
          ? { name: current.wallet.name, icon: current.wallet.icon }
          : { name: embeddedSolanaConnector.name },
    }
  }

  function connected(): Connection {
    if (!connection) throw new ClientNotSetError({ details: 'No Solana wallet is connected' })
    return connection
  }

  function forget() {
    connection?.off()
    connection = undefined
  }

  /** Follows the wallet's `change` events: another account, or none (the wallet disconnected the site). */
  function follow(wallet: Wallet, account: WalletAccount): Connection {
    forget()
    const events = (wallet.features as Partial<StandardEventsFeature>)[STANDARD_EVENTS]
    const current: Connection & { kind: 'standard' } = {
      kind: 'standard',
      wallet,
      account,
      connectorId: solanaConnectorId(wallet),
      off: () => {},
    }
    current.off =
      events?.on('change', (properties: StandardEventsChangeProperties) => {
        if (connection !== current || !properties.accounts) return
        const next = properties.accounts.some((a) => a.address === current.account.address)
          ? properties.accounts.find((a) => a.address === current.account.address)
          : pickSolanaAccount(properties.accounts)
        if (!next) {
          forget()
          writeLastWallet(null)
          controller?.resetAccount()
          return
        }
        const changed = next.address !== current.account.address
        current.account = next
        if (changed) controller?.setAccount(report(current))
      }) ?? (() => {})
    connection = current
    return current
  }

  async function standardConnect(wallet: Wallet, silent: boolean): Promise<WalletAccount | undefined> {
    const feature = (wallet.features as Partial<StandardConnectFeature>)[STANDARD_CONNECT]
    if (!feature) throw new SolanaWalletFeatureNotSupportedError({ feature: STANDARD_CONNECT, wallet: wallet.name })
    const output = await feature.connect(silent ? { silent: true } : undefined)
    return pickSolanaAccount(output.accounts.length ? output.accounts : wallet.accounts)
  }

  /** Connects the wallet without a prompt (`standard:connect` with `silent`); false when it connected no account. */
  async function connectSilently(wallet: Wallet): Promise<boolean> {
    try {
      const account = await standardConnect(wallet, true)
      if (account && !connection && controller) {
        controller.setAccount(report(follow(wallet, account)))
        return true
      }
    } catch {
      // the wallet refused a silent connect: the person connects from the modal
    }
    return false
  }

  /** The silent reconnect after a reload, once the wallet connected last has registered. */
  async function restore(wallet: Wallet) {
    restoreTried = true
    controller?.setStatus('reconnecting')
    if (!(await connectSilently(wallet)) && !connection) controller?.setStatus('disconnected')
  }

  /**
   * WalletConnect sessions' wallets already joined (a wallet registers once per session). A session that holds
   * Solana accounts joins as this family's connection as soon as its wallet registers (after the pairing, or after a
   * reload): the pairing asked for both families, so nothing is asked again.
   */
  const joinedSessions = new WeakSet<Wallet>()

  /** Connects the embedded wallet's Solana account (the person is signed in on the EVM side, else refused). */
  function connectEmbedded(wallet: EmbeddedSolanaWallet): Connection {
    const address = embeddedSolanaAddress(wallet)
    if (connection?.kind === 'embedded' && connection.address === address) return connection
    forget()
    connection = { kind: 'embedded', wallet, address, connectorId: EMBEDDED_SOLANA_CONNECTOR_ID, off: () => {} }
    writeLastWallet(EMBEDDED_SOLANA_CONNECTOR_ID)
    return connection
  }

  /**
   * The embedded wallet's Solana part for one mount. It is loaded on the first connect, or at mount to restore the
   * last connection (the frame client is a chunk of its own), and its sign-in is followed from then on: a sign-out
   * (here, in the frame, on another device) ends the embedded connection; another person's sign-in moves it to their
   * account; after a reload, the session the EVM side restores reconnects it when it was the last connection.
   */
  function followEmbedded(mounted: AdapterController, embedded: EmbeddedWallet, restorable: boolean) {
    let stopped = false
    let unwatch = () => {}
    const onAddress = (wallet: EmbeddedSolanaWallet, address: string | undefined) => {
      if (controller !== mounted) return
      if (connection?.kind !== 'embedded') {
        if (address && restorable && !connection) {
          restorable = false
          mounted.setAccount(report(connectEmbedded(wallet)))
        }
        return
      }
      if (!address) {
        forget()
        writeLastWallet(null)
        mounted.resetAccount()
      } else if (address !== connection.address) {
        connection.address = address
        mounted.setAccount(report(connection))
      }
    }
    let loading: Promise<EmbeddedSolanaWallet> | undefined
    const load = () =>
      (loading ??= embedded.loadSolana!().then(
        (wallet) => {
          if (!stopped) unwatch = wallet.watchSolanaAddress((address) => onAddress(wallet, address))
          return wallet
        },
        (error: unknown) => {
          loading = undefined // a frame that failed to load is tried again on the next connect
          throw error
        },
      ))
    // Once every adapter has mounted (the EVM one lends the frame). The EVM side may have restored the session
    // already: then the address is there to take.
    if (restorable)
      void Promise.resolve()
        .then(load)
        .then(
          (wallet) => onAddress(wallet, wallet.getSolanaAddress()),
          () => undefined,
        )
    return {
      load,
      stop() {
        stopped = true
        unwatch()
      },
    }
  }
  let embeddedFollower: ReturnType<typeof followEmbedded> | undefined

  const tokenSymbol = (mint: string) => parameters.tokens?.[mint]?.symbol ?? `${mint.slice(0, 4)}…`

  /** The connected account as a transfer's sender: the embedded wallet's frame, or the Wallet Standard wallet. */
  const sender = async () => {
    const current = connected()
    const transfers = await transfersChunk()
    return current.kind === 'embedded'
      ? transfers.embeddedSolanaSender(current.wallet, current.address)
      : transfers.walletStandardSender(current.wallet, current.account)
  }

  return {
    namespace: 'solana',

    mount(mounted) {
      controller = mounted
      selected ??= mounted.networks[0]
      const lastWallet = reconnectOnMount ? readLastWallet() : null
      const embedded = mounted.embeddedWallet()
      const follower = embedded?.loadSolana
        ? followEmbedded(mounted, embedded, lastWallet === EMBEDDED_SOLANA_CONNECTOR_ID)
        : undefined
      embeddedFollower = follower
      const unwatch = watchSolanaWallets((found) => {
        wallets = found
        if (controller === mounted)
          mounted.setConnectors([...(follower ? [embeddedSolanaConnector] : []), ...found.map(toSolanaConnector)])
        // The connected wallet went away (its extension was disabled): the account goes too.
        if (connection?.kind === 'standard' && !found.includes(connection.wallet)) {
          forget()
          mounted.resetAccount()
        }
        const last = lastWallet !== null && !restoreTried && !connection && found.find((w) => w.name === lastWallet)
        if (last) void restore(last)
        const session = found.find((w) => WALLETCONNECT_FEATURE in w.features && !joinedSessions.has(w))
        if (session && !last && !connection) {
          joinedSessions.add(session)
          void connectSilently(session)
        }
      })
      return () => {
        unwatch()
        follower?.stop()
        if (embeddedFollower === follower) embeddedFollower = undefined
        if (controller === mounted) controller = undefined
      }
    },

    async connect({ connectorId, network }) {
      if (connectorId === EMBEDDED_SOLANA_CONNECTOR_ID) {
        if (!embeddedFollower) throw new ConnectorNotFoundError({ connectorId })
        const wallet = await embeddedFollower.load()
        if (network?.chainNamespace === 'solana') selected = network
        return report(connectEmbedded(wallet))
      }
      const wallet = findWallet(connectorId)
      if (!wallet) throw new ConnectorNotFoundError({ connectorId })
      if (network?.chainNamespace === 'solana') selected = network
      if (connection?.kind === 'standard' && connection.wallet === wallet) return report(connection)
      let account: WalletAccount | undefined
      try {
        account = await standardConnect(wallet, false)
      } catch (error) {
        throw toFoyerError(error)
      }
      if (!account) throw new UserRejectedRequestError({ details: `${wallet.name} connected no account` })
      writeLastWallet(wallet.name)
      return report(follow(wallet, account))
    },

    // The embedded wallet's session is the EVM side's: disconnecting here leaves it (core disconnects both families,
    // and the EVM adapter signs the frame out).
    async disconnect() {
      const current = connection
      forget()
      writeLastWallet(null)
      if (current?.kind !== 'standard') return
      const feature = (current.wallet.features as Partial<StandardDisconnectFeature>)[STANDARD_DISCONNECT]
      try {
        await feature?.disconnect()
      } catch (error) {
        throw toFoyerError(error)
      }
    },

    // Solana wallets have no network to switch: the adapter sends to the chosen network's RPC from now on.
    async switchNetwork(network) {
      if (network.chainNamespace !== 'solana') throw new UnsupportedChainError({ chainId: network.id })
      selected = network
    },

    getBalance: async ({ address, network }) =>
      (await import('../account/readBalances.ts')).readSolBalance(network, address),

    getTokenBalance: async ({ address, network, tokenAddress }) =>
      (await import('../account/readBalances.ts')).readSplBalance(
        network,
        address,
        tokenAddress,
        tokenSymbol(tokenAddress),
      ),

    getConnection: () =>
      connection?.kind === 'standard' ? { wallet: connection.wallet, account: connection.account } : undefined,

    async signMessage({ message }) {
      const current = connected()
      if (current.kind === 'embedded') return signEmbeddedSolanaMessage(current.wallet, message)
      return (await import('../signing/signSolanaMessage.ts')).signSolanaMessage(
        current.wallet,
        current.account,
        message,
      )
    },

    // Transaction building (kit's message compiler, the System and Token programs) is its own chunk: it follows a
    // click in Send, never a page load.
    async sendTransaction(transaction) {
      if (transaction.data && transaction.data !== '0x')
        throw new SolanaWalletFeatureNotSupportedError({ feature: 'EVM call data', wallet: walletNameOf(connection) })
      return (await transfersChunk()).sendSol(await sender(), {
        network: networkFor(transaction.network),
        to: transaction.to,
        amount: transaction.value ?? 0n,
      })
    },

    async writeContract(call) {
      if (call.functionName !== 'transfer')
        throw new SolanaWalletFeatureNotSupportedError({
          feature: `token ${call.functionName}`,
          wallet: walletNameOf(connection),
        })
      const [to, amount] = call.args
      return (await transfersChunk()).sendToken(await sender(), {
        network: networkFor(call.network),
        mint: call.tokenAddress,
        to,
        amount,
      })
    },

    waitForReceipt: async (signature: string, network: CaipNetwork, options?: WaitForSignatureOptions) =>
      (await import('../receipt/waitForSignature.ts')).waitForSignature(network, signature, options),

    estimateTransferFee: async ({ network, to, tokenAddress }) =>
      (await transfersChunk()).estimateTransferFee({ network, to, tokenAddress }),
  }
}

const transfersChunk = () => import('../transactions/solanaTransfers.ts')
