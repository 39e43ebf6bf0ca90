import { isUserRejection, UnsupportedChainError } from '../errors/errors.ts'
import type { EmitEvent } from '../events/events.ts'
import type { createModalController } from '../modal/modal.ts'
import type { CaipNetwork, CaipNetworkId } from '../networks/networks.ts'
import { type ChainFamilyHost, switchChainFamily } from './switchChainFamily.ts'

/** What the client lends the switch: its store and adapters, its modal, and how it applies a network. */
export type NetworkSwitchHost = ChainFamilyHost & {
  networkById(id: string): CaipNetwork | undefined
  applyNetwork(networkId: CaipNetworkId): void
  refreshBalance(): Promise<void>
  emit: EmitEvent
  modal: Pick<ReturnType<typeof createModalController>, 'setLoading' | 'afterNetworkSwitch' | 'navigate'>
}

/**
 * Switches to one of the site's networks. Connected, the wallet is asked first (and the chain added when the wallet
 * does not know it); then the modal returns to the view before Networks, or closes. A network of the other chain
 * family changes the active family (`switchChainFamily`); a connected person left with no wallet on that family is
 * taken to Connect. The client loads this module, a chunk of its own, on the first switch.
 */
export async function switchNetwork(host: NetworkSwitchHost, networkId: CaipNetworkId): Promise<void> {
  const { store, modal, emit } = host
  const target = host.networkById(networkId)
  if (!target) throw new UnsupportedChainError({ chainId: networkId })
  const { account, network } = store.getState()
  let outcome: 'connected' | 'needs-wallet' = 'connected'
  if (target.chainNamespace !== network.activeChain || account.isConnected) {
    modal.setLoading(true)
    try {
      if (target.chainNamespace !== network.activeChain) outcome = await switchChainFamily(host, target)
      else {
        await host.adapterFor(target.chainNamespace).switchNetwork(target)
        host.applyNetwork(target.id)
        void host.refreshBalance()
      }
    } catch (error) {
      emit('SWITCH_NETWORK_ERROR', { networkId, rejected: isUserRejection(error) }, 'error')
      throw error
    } finally {
      modal.setLoading(false)
    }
  } else {
    store.setState((s) => ({ network: { ...s.network, selectedNetworkId: target.id } }))
  }
  emit('SWITCH_NETWORK', { networkId })
  if (!store.getState().modal.open) return
  if (outcome === 'needs-wallet') modal.navigate.reset('Connect')
  else modal.afterNetworkSwitch()
}
