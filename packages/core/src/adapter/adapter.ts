import type { ConnectionStatus, ReportedAccount } from '../account/account.ts'
import type { Connector } from '../connectors/connectors.ts'
import type { EmbeddedWallet } from '../embedded/embeddedWallet.ts'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../networks/networks.ts'
import type { ResolvedOptions } from '../options/options.ts'

/**
 * What a chain adapter may tell the core. The core hands one to each adapter when it mounts;
 * this is the only way state from a wallet reaches the modal.
 */
export type AdapterController = {
  /** The site's networks of the adapter's namespace, the default first. */
  readonly networks: readonly CaipNetwork[]
  setConnectors(connectors: Connector[]): void
  setStatus(status: ConnectionStatus): void
  /** A wallet connected, reconnected, or changed account. */
  setAccount(account: ReportedAccount): void
  /** The wallet moved to another network, which may be one the site does not support. */
  setNetwork(networkId: CaipNetworkId): void
  /** The wallet disconnected, from either side. */
  resetAccount(): void
  /** The site's resolved options (apiUrl, projectId, frameUrl, features, metadata, theme). */
  readonly options: ResolvedOptions
  /**
   * The site's embedded wallet (email or social login through the secure frame), when an adapter offers one and the
   * site's options let it sign in; undefined otherwise. An adapter of another chain family signs with the same
   * wallet through its part for that family (`loadSolana`).
   */
  embeddedWallet(): EmbeddedWallet | undefined
  /** Embedded wallet: the secure frame asks to be seen (an approval, a recovery code); opens ApproveTransaction. */
  showEmbeddedFrame(): void
  /** Embedded wallet: the frame is done; the modal leaves ApproveTransaction. */
  hideEmbeddedFrame(): void
  /**
   * Embedded wallet: the site asked for a method on neither list (logs the refusal, with the `RpcNotAllowedError`
   * thrown to the site when given, and shows "Action not allowed").
   */
  rpcNotAllowed(method: string, error?: Error): void
}

export type AdapterBalance = { value: bigint; decimals: number; symbol: string }

/** A transaction the wallet is asked to sign and send (swap, approval, native transfer). */
export type AdapterTransaction = {
  network: CaipNetwork
  to: string
  data?: `0x${string}`
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
}

/** A token call the wallet is asked to sign and send: an ERC-20 `transfer(to, amount)` or `approve(spender, amount)`. */
export type AdapterTokenCall = {
  network: CaipNetwork
  tokenAddress: string
  functionName: 'transfer' | 'approve'
  args: readonly [recipientOrSpender: string, amount: bigint]
  gas?: bigint
  gasPrice?: bigint
}

export type AdapterReceipt = { status: 'success' | 'reverted'; transactionHash: string }

/** A call batch the wallet ran (EIP-5792): whether all of it landed, and the receipts of its transactions. */
export type AdapterCallsResult = { status: 'success' | 'failure'; atomic: boolean; receipts: AdapterReceipt[] }

/** One interface for every chain family; views never see a provider, only core actions backed by this. */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /**
   * The adapter's default for `features.eip6963` when the site leaves it unset: `true` when it discovers wallets
   * over EIP-6963 and lists them as `ANNOUNCED` (the EVM adapter). With the option off, core lists no `ANNOUNCED`
   * connector and the adapter lists the browser's legacy injected wallet in their place.
   */
  readonly eip6963?: boolean
  /** Start watching wallets; report through the controller. Returns a clean-up. */
  // biome-ignore lint/suspicious/noConfusingVoidType: public interface: `| void` lets an adapter without a clean-up end without `return undefined`
  mount(controller: AdapterController): (() => void) | void
  /**
   * Connects with a listed connector. WalletConnect-type connectors call `onUri` with each pairing URI they show
   * (the QR); calling `connect` again while one is pending starts a fresh pairing.
   */
  connect(parameters: {
    connectorId: string
    network?: CaipNetwork
    onUri?: (uri: string) => void
  }): Promise<ReportedAccount>
  disconnect(): Promise<void>
  /** Asks the wallet to move to the network, adding it to the wallet when it does not know it. */
  switchNetwork(network: CaipNetwork): Promise<void>
  getBalance(parameters: { address: string; network: CaipNetwork }): Promise<AdapterBalance>
  /**
   * The balance of a token (an ERC-20 on EVM) with the token's decimals and symbol: the site's `tokens` option.
   * Without it, the account shows the native balance on every network.
   */
  getTokenBalance?(parameters: { address: string; network: CaipNetwork; tokenAddress: string }): Promise<AdapterBalance>
  /** Present when the adapter backs an email (AUTH) connector with Foyer's secure frame. */
  readonly embeddedWallet?: EmbeddedWallet
  // Optional: sending (swap, send, receive flows). Views hide what an adapter cannot do.
  /** Asks the wallet to sign and send; resolves to the transaction hash. A decline is `UserRejectedRequestError`. */
  sendTransaction?(transaction: AdapterTransaction): Promise<string>
  /** Asks the wallet to sign and send a token call; resolves to the transaction hash. */
  writeContract?(call: AdapterTokenCall): Promise<string>
  /** Waits for the transaction's receipt on the network (25 s, `RECEIPT_TIMEOUT_MS`). */
  waitForReceipt?(hash: string, network: CaipNetwork): Promise<AdapterReceipt>
  /**
   * Whether the connected wallet runs call batches atomically on the network (EIP-5792 `atomic` capability
   * `supported` or `ready`). A wallet that cannot say (an error, no answer) is `false`.
   */
  supportsAtomicBatch?(network: CaipNetwork): Promise<boolean>
  /**
   * Asks the wallet to run the calls as one atomic batch (EIP-5792 `wallet_sendCalls`, `atomicRequired`) and waits
   * until it lands. A decline is `UserRejectedRequestError`. Gas and gas price are the wallet's own.
   */
  sendAtomicCalls?(parameters: {
    network: CaipNetwork
    calls: Omit<AdapterTransaction, 'network' | 'gas' | 'gasPrice'>[]
  }): Promise<AdapterCallsResult>
  /** Gas the transaction would use, estimated for `from`. */
  estimateGas?(transaction: AdapterTransaction & { from: string }): Promise<bigint>
  /** Gas a token call by `from` would use (the adapter encodes the call for its chain family). */
  estimateTokenCallGas?(call: AdapterTokenCall & { from: string }): Promise<bigint>
  /** The network's current gas price. */
  getGasPrice?(network: CaipNetwork): Promise<bigint>
  /**
   * The network fee of a transfer, in the native token's base units, for a chain family whose fee is not gas × gas
   * price (Solana: the signature fee, plus the rent of a token account the transfer has to create for the receiver).
   * When present, Send shows it as the network cost.
   */
  estimateTransferFee?(parameters: {
    network: CaipNetwork
    from: string
    to: string
    /** The token's address (a mint on Solana); absent for the native token. */
    tokenAddress?: string
    amount: bigint
  }): Promise<bigint>
  /**
   * Asks the connected wallet to sign a text message (EIP-191 `personal_sign` on EVM): sign-in and name
   * registration. Resolves to the signature; a decline is `UserRejectedRequestError`.
   */
  signMessage?(parameters: { message: string }): Promise<string>
}
