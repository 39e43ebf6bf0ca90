import type { AccountState } from '../account/account.ts'
import type { ChainAdapter } from '../adapter/adapter.ts'
import { SHAKE_DURATION_MS } from '../constants.ts'
import type { EmitEvent } from '../events/events.ts'
import * as rules from '../router/router.ts'
import type { RouteData, RouterState, ViewName } from '../router/views.ts'
import type { Store } from '../store/createStore.ts'

export type ModalState = {
  open: boolean
  /** Something the modal waits for (a wallet prompt, a request): views show progress. */
  loading: boolean
  /** True for SHAKE_DURATION_MS after a refused close. */
  shake: boolean
}

export const closedModal: ModalState = { open: false, loading: false, shake: false }

type ModalSlices = { modal: ModalState; router: RouterState; account: AccountState }

/**
 * Opening, closing and the view stack. A close guard (a view with unsaved input) or the secure frame showing what
 * the person must keep (a new wallet's recovery code) refuses a close or a Back with a 500 ms shake.
 */
export function createModalController({
  store,
  adapters,
  emit,
}: {
  store: Store<ModalSlices>
  adapters: readonly ChainAdapter[]
  emit: EmitEvent
}) {
  const get = store.getState
  const setRouter = (router: RouterState) => {
    const before = get().router.view
    store.setState({ router })
    if (router.view !== before && get().modal.open) viewEvent(router.view)
  }
  /** The views whose showing is an event of its own. */
  const viewEvent = (view: ViewName) => {
    if (view === 'Account') emit('VIEW_ACCOUNT')
    else if (view === 'Activity') emit('VIEW_ACTIVITY')
  }
  let closeGuard: (() => boolean) | undefined
  let frameFinished = false
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  function open(params: { view?: ViewName; data?: RouteData } = {}) {
    const view = params.view ?? rules.initialView(get().account.isConnected)
    setRouter(rules.reset(view, params.data))
    if (!get().modal.open) {
      store.setState((s) => ({ modal: { ...s.modal, open: true } }))
      emit('MODAL_OPEN', { connected: get().account.isConnected })
      viewEvent(view)
    }
  }

  /** Closes unless a close guard refuses; a refused close shakes the modal for 500 ms. */
  function close(): boolean {
    if (!get().modal.open) return true
    if ((closeGuard && !closeGuard()) || frameMustStay()) {
      shake()
      return false
    }
    store.setState((s) => ({ modal: { ...s.modal, open: false, loading: false } }))
    // Closing the modal abandons what the secure frame waits for (an approval, a login step), unless the frame
    // itself is done and asked to be hidden (its answer is on its way).
    if (!frameFinished) for (const adapter of adapters) adapter.embeddedWallet?.abortPendingRequests()
    emit('MODAL_CLOSE', { connected: get().account.isConnected })
    return true
  }

  /** The secure frame shows something the person must keep (a new wallet's recovery code): neither close nor Back. */
  function frameMustStay(): boolean {
    return !frameFinished && adapters.some((adapter) => adapter.embeddedWallet?.canClose?.() === false)
  }

  function shake() {
    clearTimeout(shakeTimer)
    store.setState((s) => ({ modal: { ...s.modal, shake: true } }))
    shakeTimer = setTimeout(() => store.setState((s) => ({ modal: { ...s.modal, shake: false } })), SHAKE_DURATION_MS)
  }

  const navigate = {
    push: (view: ViewName, data?: RouteData) => setRouter(rules.push(get().router, view, data)),
    replace: (view: ViewName, data?: RouteData) => setRouter(rules.replace(get().router, view, data)),
    reset: (view: ViewName, data?: RouteData) => setRouter(rules.reset(view, data)),
    /** Back removes the latest view; with one left it closes the modal. Refused (a shake) while the frame must stay. */
    goBack() {
      if (frameMustStay()) return shake()
      const next = rules.goBack(get().router)
      if (next) setRouter(next)
      else close()
    },
  }

  return {
    open,
    close,
    shake,
    navigate,
    setLoading(loading: boolean) {
      store.setState((s) => ({ modal: { ...s.modal, loading } }))
    },
    setCloseGuard(guard: (() => boolean) | undefined) {
      closeGuard = guard
    },
    /** After a network change: back to the view that led to Networks (or UnsupportedChain), or close. */
    afterNetworkSwitch() {
      const next = rules.afterNetworkSwitch(get().router)
      if (next) setRouter(next)
      else close()
    },
    /** The secure frame has something to show (an approval, a login step): open it, or put it on top. */
    showFrame() {
      if (!get().modal.open) open({ view: 'ApproveTransaction' })
      else if (get().router.view !== 'ApproveTransaction') navigate.push('ApproveTransaction')
    },
    /** The secure frame is done and asks to go: goes Back from it, never refused and without aborting its answer. */
    hideFinishedFrame() {
      if (!get().modal.open || get().router.view !== 'ApproveTransaction') return
      frameFinished = true
      try {
        navigate.goBack()
      } finally {
        frameFinished = false
      }
    },
    dispose: () => clearTimeout(shakeTimer),
  }
}
