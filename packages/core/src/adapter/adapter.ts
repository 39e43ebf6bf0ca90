import type { ConnectionStatus, ReportedAccount } from '../account/account.ts'
import type { Connector } from '../connectors/connectors.ts'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../networks/networks.ts'

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
}

export type AdapterBalance = { value: bigint; decimals: number; symbol: string }

/** One interface for every chain family; views never see a provider, only core actions backed by this. */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Start watching wallets; report through the controller. Returns a clean-up. */
  mount(controller: AdapterController): (() => void) | void
  connect(parameters: { connectorId: string; network?: CaipNetwork }): Promise<ReportedAccount>
  disconnect(): Promise<void>
  /** Asks the wallet to move to the network, adding it to the wallet when it does not know it. */
  switchNetwork(network: CaipNetwork): Promise<void>
  getBalance(parameters: { address: string; network: CaipNetwork }): Promise<AdapterBalance>
}
