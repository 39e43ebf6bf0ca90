import type { MessageKey, MessageParameters } from '../locale/locale.ts'

export type SnackbarVariant = 'success' | 'error' | 'loading'

/** A snackbar message is a catalogue key (translated at render) or, for a wallet's own words, plain text. */
export type SnackbarMessage = { key: MessageKey; parameters?: MessageParameters } | { text: string }

export type SnackbarState = {
  open: boolean
  variant: SnackbarVariant
  message?: SnackbarMessage
  /** Changes with every message, so the same text shown twice is announced twice. */
  id: number
}

export const closedSnackbar: SnackbarState = { open: false, variant: 'success', id: 0 }
