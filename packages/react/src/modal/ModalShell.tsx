import { useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { useResolvedTheme } from '../hooks/useResolvedTheme.ts'
import { useStyle } from '../hooks/useStyle.ts'
import { ModalHeader } from './ModalHeader.tsx'
import { modalCss } from './modalStyles.ts'
import { PreloadViewContext } from './preloadViews.ts'
import { Snackbar } from './Snackbar.tsx'
import { useDialogBehaviour } from './useDialogBehaviour.ts'
import { ViewSlot } from './ViewSlot.tsx'
import { preloadView } from './viewLoaders.ts'

export { preloadView }

/**
 * The modal's shell (its own chunk): a portal into <body> with the overlay, the dialog, its header, the current
 * view and the snackbar. Mounted while the modal is open.
 */
export function ModalShell() {
  const client = useFoyerClient()
  const { mode, style } = useResolvedTheme()
  const { locale } = useFoyerLocale()
  const view = useFoyerStore((s) => s.router.view)
  // A view opened for another wallet is a new screen (and, for ConnectingExternal, a new wallet prompt).
  const viewKey = useFoyerStore(
    (s) => `${s.router.view}:${s.router.data.connectorId ?? ''}:${s.router.data.walletId ?? ''}`,
  )
  const shake = useFoyerStore((s) => s.modal.shake)
  const loading = useFoyerStore((s) => s.modal.loading)
  const rootRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const titleId = useId()

  useStyle('foyer-modal-style', modalCss)
  useDialogBehaviour({ rootRef, dialogRef, bodyRef, onEscape: client.close })

  return createPortal(
    <div ref={rootRef} data-foyer="" data-theme={mode} lang={locale} style={style}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the mouse's way to close; keyboards close with Escape (useDialogBehaviour) */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is no control, only a click target around the dialog */}
      <div
        className="fo-overlay"
        data-testid="modal-overlay"
        onClick={(event) => {
          if (event.target === event.currentTarget) client.close()
        }}
      >
        <div
          ref={dialogRef}
          className="fo-dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-busy={loading || undefined}
          data-testid="foyer-modal"
          data-shake={shake ? '' : undefined}
          tabIndex={-1}
        >
          <ModalHeader titleId={titleId} />
          <div ref={bodyRef} className="fo-body" data-view={view}>
            <PreloadViewContext.Provider value={preloadView}>
              <ViewSlot key={viewKey} view={view} />
            </PreloadViewContext.Provider>
          </div>
          <Snackbar />
        </div>
      </div>
    </div>,
    document.body,
  )
}
