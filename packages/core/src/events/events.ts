import type { Store } from '../store/createStore.ts'

export type FoyerEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'SWITCH_NETWORK_ERROR'
  | 'UNSUPPORTED_CHAIN'
  // Sign-in with Ethereum
  | 'SIWE_AUTH_SUCCESS'
  | 'SIWE_AUTH_ERROR'
  | 'SIWE_AUTH_CANCEL'
  | 'SIWE_SIGN_OUT'

export type FoyerEvent = {
  timestamp: number
  type: 'track' | 'error'
  event: FoyerEventName
  properties?: Record<string, string | number | boolean | undefined>
}

/** Records each event as the store's `lastEvent` and hands it to every subscriber. */
export function createEventBus(store: Store<{ lastEvent?: FoyerEvent }>) {
  const listeners = new Set<(event: FoyerEvent) => void>()
  return {
    emit(event: FoyerEventName, properties?: FoyerEvent['properties'], type: FoyerEvent['type'] = 'track') {
      const record: FoyerEvent = { timestamp: Date.now(), type, event, properties }
      store.setState({ lastEvent: record })
      for (const listener of [...listeners]) listener(record)
    },
    subscribe(listener: (event: FoyerEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
