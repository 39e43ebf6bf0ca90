import type { ViewName } from '@foyer/core'
import { chunk, ignore } from './chunks.ts'

/**
 * The modal shell: dialog, header, snackbar, styles, and the loaders of every view. Loaded on first open or when
 * the browser is idle. Only the page's entry (the modal host and the buttons) imports this module. The views'
 * chunks are imported from the shell's chunk, not from the entry: the bundler then knows the shell is always
 * there before a view, and keeps what they share inside the shell instead of in many small chunks of their own.
 */
const loadShellModule = chunk(() => import('./ModalShell.tsx'))
export const loadModalShell = chunk(() => loadShellModule().then((m) => m.ModalShell))

/** Starts fetching the shell and, when given, a view (its loader lives in the shell); safe to call often. */
export function preloadModal(view?: ViewName) {
  loadModalShell().catch(ignore)
  if (view) loadShellModule().then((shell) => shell.preloadView(view), ignore)
}
