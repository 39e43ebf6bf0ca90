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

export type FoyerEvent = {
  timestamp: number
  type: 'track' | 'error'
  event: FoyerEventName
  properties?: Record<string, string | number | boolean | undefined>
}
