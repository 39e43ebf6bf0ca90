import { disconnectedAccount, type ReportedAccount } from '../account/account.ts'
import type { ChainAdapter } from '../adapter/adapter.ts'
import { browserWalletTypes, type Connector } from '../connectors/connectors.ts'
import type { CaipNetwork, ChainNamespace } from '../networks/networks.ts'
import type { Store } from '../store/createStore.ts'
import type { FoyerState } from './state.ts'

/** What the client lends the switch: its store, its adapters and how it shows an account. */
export type ChainFamilyHost = {
  store: Store<FoyerState>
  adapterFor(namespace: ChainNamespace): ChainAdapter
  showAccount(reported: ReportedAccount): void
}

/**
 * Moves the modal to a network of the other chain family. That family's connected wallet becomes the account shown
 * (its adapter is asked to switch, with no prompt); else the wallet in use connects there when it has that family too
 * (`sameWalletOn`: one prompt); else nothing is connected for that family: the account shows as not connected (the
 * other family's connection stays) and `'needs-wallet'` tells the caller (`switchNetwork.ts`) to ask for one.
 */
export async function switchChainFamily(
  host: ChainFamilyHost,
  target: CaipNetwork,
): Promise<'connected' | 'needs-wallet'> {
  const namespace = target.chainNamespace
  const { account, connections, connectors } = host.store.getState()
  const connection = connections[namespace]
  const sibling = account.isConnected ? sameWalletOn(connectors, account.connectorId, namespace) : undefined
  if (connection) {
    await host.adapterFor(namespace).switchNetwork(target)
    host.showAccount({ ...connection, networkId: target.id })
    return 'connected'
  }
  if (sibling) {
    host.showAccount(await host.adapterFor(namespace).connect({ connectorId: sibling.id, network: target }))
    return 'connected'
  }
  host.store.setState({
    account: disconnectedAccount,
    network: { selectedNetworkId: target.id, activeChain: namespace, unsupported: false },
  })
  return account.isConnected ? 'needs-wallet' : 'connected'
}

/**
 * The connector of the same wallet on another chain family: a browser wallet that is both EVM and Solana announces
 * itself once per family (EIP-6963 and the Wallet Standard) under the same name; the embedded wallet (AUTH) holds a
 * key for each family; a WalletConnect session that holds accounts of both families has a WALLET_CONNECT connector
 * on each.
 */
export function sameWalletOn(
  connectors: readonly Connector[],
  connectorId: string | undefined,
  namespace: ChainNamespace,
): Connector | undefined {
  const connector = connectors.find((c) => c.id === connectorId)
  if (!connector || connector.chain === namespace) return undefined
  if (connector.type === 'AUTH' || connector.type === 'WALLET_CONNECT')
    return connectors.find((c) => c.chain === namespace && c.type === connector.type)
  if (!browserWalletTypes.has(connector.type)) return undefined
  const name = connector.name.toLowerCase()
  return connectors.find(
    (c) => c.chain === namespace && browserWalletTypes.has(c.type) && c.name.toLowerCase() === name,
  )
}
