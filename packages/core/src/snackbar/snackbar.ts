import type { BaseMessageKey, MessageParameters } from '../locale/locale.ts'

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
