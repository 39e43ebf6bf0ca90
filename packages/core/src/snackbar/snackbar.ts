import { SNACKBAR_HIDE_MS } from '../constants.ts'
import type { BaseMessageKey, MessageParameters } from '../locale/locale.ts'
import type { Store } from '../store/createStore.ts'

export type SnackbarVariant = 'success' | 'error' | 'loading'

/**
 * A snackbar message is a key of the English base (translated at render by the shell, wherever it was raised) or,
 * for a wallet's own words, plain text.
 */
export type SnackbarMessage = { key: BaseMessageKey; parameters?: MessageParameters } | { text: string }

export type SnackbarState = {
  open: boolean
  variant: SnackbarVariant
  message?: SnackbarMessage
  /** Changes with every message, so the same text shown twice is announced twice. */
  id: number
}

export const closedSnackbar: SnackbarState = { open: false, variant: 'success', id: 0 }

/**
 * Shows and hides the snackbar in the store: a loading message stays until replaced, any other hides after
 * SNACKBAR_HIDE_MS. An error with no words of its own (blank text) reads "An error occurred" rather than showing an
 * empty card. `dispose` clears the pending hide.
 */
export function createSnackbarController(store: Store<{ snackbar: SnackbarState }>) {
  let hideTimer: ReturnType<typeof setTimeout> | undefined
  function hide() {
    clearTimeout(hideTimer)
    store.setState((s) => ({ snackbar: { ...s.snackbar, open: false } }))
  }
  function show(variant: SnackbarVariant, shown: SnackbarMessage) {
    const message: SnackbarMessage =
      variant === 'error' && 'text' in shown && !shown.text.trim() ? { key: 'snackbar.anErrorOccurred' } : shown
    clearTimeout(hideTimer)
    store.setState((s) => ({ snackbar: { open: true, variant, message, id: s.snackbar.id + 1 } }))
    if (variant !== 'loading') hideTimer = setTimeout(hide, SNACKBAR_HIDE_MS)
  }
  return { show, hide, dispose: () => clearTimeout(hideTimer) }
}
