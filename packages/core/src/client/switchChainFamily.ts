import { disconnectedAccount, type ReportedAccount } from '../account/account.ts'
import type { ChainAdapter } from '../adapter/adapter.ts'
import { sameWalletOn } from '../connectors/connectors.ts'
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
 * other family's connection stays) and `'needs-wallet'` tells the caller to ask for one. A site with one family never
 * loads this module.
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
