/**
 * The frame's own login / email / devices screen that is showing, so that ABORT_PENDING (the site's modal closed
 * or the hosting view went away) can take it down and settle the waiting request.
 */
let cancelShowing: (() => void) | undefined

/** Registers how to cancel the screen now shown; returns the release to call when it settles by itself. */
export function holdScreen(cancel: () => void): () => void {
  cancelShowing?.()
  cancelShowing = cancel
  return () => {
    if (cancelShowing === cancel) cancelShowing = undefined
  }
}

export function cancelFlowScreen() {
  const cancel = cancelShowing
  cancelShowing = undefined
  cancel?.()
}
