import { Suspense, useEffect } from 'react'
import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { useChunkComponent, whenIdle } from './chunks.ts'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { loadModalShell, preloadModal } from './loaders.ts'

/**
 * Lives in the entry: renders nothing until the modal opens, then the lazily loaded shell. When the browser is
 * idle it fetches the shell and the first view the visitor will see, so a click shows the dialog at once.
 */
export function ModalHost() {
  const client = useFoyerClient()
  const open = useFoyerStore((s) => s.modal.open)
  const view = useFoyerStore((s) => s.router.view)

  useEffect(() => whenIdle(() => preloadModal(client.getState().account.isConnected ? 'Account' : 'Connect')), [client])

  if (!open) return null
  // Fetch the view's chunk alongside the shell's rather than after it (both are idempotent).
  preloadModal(view)
  return (
    <ErrorBoundary onError={() => client.close()}>
      <Suspense fallback={null}>
        <ShellSlot />
      </Suspense>
    </ErrorBoundary>
  )
}

function ShellSlot() {
  const ModalShell = useChunkComponent(loadModalShell)
  return <ModalShell />
}
