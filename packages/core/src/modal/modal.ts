export type ModalState = {
  open: boolean
  /** Something the modal waits for (a wallet prompt, a request): views show progress. */
  loading: boolean
  /** True for SHAKE_DURATION_MS after a refused close. */
  shake: boolean
}

export const closedModal: ModalState = { open: false, loading: false, shake: false }
