import type { RouteData, RouterState, ViewName } from './views.ts'

/**
 * The navigation rules as pure functions over router state; the client applies them.
 * `null` from a rule means "close the modal".
 */
export const initialRouterState: RouterState = { view: 'Connect', history: ['Connect'], data: {} }

export function push(state: RouterState, view: ViewName, data: RouteData = {}): RouterState {
  if (state.view === view && sameData(state.data, data)) return state
  return { view, history: [...state.history, view], data }
}

export function replace(state: RouterState, view: ViewName, data: RouteData = {}): RouterState {
  return { view, history: [...state.history.slice(0, -1), view], data }
}

export function reset(view: ViewName, data: RouteData = {}): RouterState {
  return { view, history: [view], data }
}

/** Back removes the latest view; with only one view left, the modal closes. */
export function goBack(state: RouterState): RouterState | null {
  if (state.history.length <= 1) return null
  const history = state.history.slice(0, -1)
  return { view: history[history.length - 1]!, history, data: {} }
}

/** After a network switch: back to the view before Networks, or close. */
export function afterNetworkSwitch(state: RouterState): RouterState | null {
  const index = state.history.lastIndexOf('Networks')
  if (index <= 0) return null
  const history = state.history.slice(0, index)
  return { view: history[history.length - 1]!, history, data: {} }
}

/** Where opening without a view goes. */
export function initialView(isConnected: boolean): ViewName {
  return isConnected ? 'Account' : 'Connect'
}

/** After choosing a preferred account type: sign-in when enabled on an EVM chain, else Account. */
export function afterPreferredAccountType(options: { siweEnabled: boolean; chainNamespace: string }): ViewName {
  return options.siweEnabled && options.chainNamespace === 'eip155' ? 'ConnectingSiwe' : 'Account'
}

/** Swap success resets the flow and returns to Account. */
export function afterSwapSuccess(): RouterState {
  return reset('Account')
}

/** A failed name registration returns to the registration view. */
export function afterNameRegistrationFailure(state: RouterState): RouterState {
  const index = state.history.lastIndexOf('RegisterAccountName')
  if (index < 0) return replace(state, 'RegisterAccountName')
  const history = state.history.slice(0, index + 1)
  return { view: 'RegisterAccountName', history, data: {} }
}

function sameData(a: RouteData, b: RouteData): boolean {
  return a.connectorId === b.connectorId && a.walletId === b.walletId
}
