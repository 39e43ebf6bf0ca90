import type { ViewName } from '@foyer/core'
import { type ComponentType, Suspense } from 'react'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { type ChunkLoader, useChunkComponent } from './chunks.ts'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { viewLoaders } from './viewLoaders.ts'

/** The current view: its lazy chunk, a skeleton while it loads, a retry when it fails. Keyed by view. */
export function ViewSlot({ view }: { view: ViewName }) {
  const load = viewLoaders[view] as (typeof viewLoaders)[ViewName] | undefined // undefined for a name from untyped JavaScript
  if (!load) return <LoadFailed />
  return (
    <ErrorBoundary fallback={(retry) => <LoadFailed onRetry={retry} />}>
      <Suspense fallback={<ViewSkeleton />}>
        <LazyView load={load} />
      </Suspense>
    </ErrorBoundary>
  )
}

function LazyView({ load }: { load: ChunkLoader<ComponentType> }) {
  const View = useChunkComponent(load)
  return <View />
}

function ViewSkeleton() {
  const { t } = useFoyerLocale()
  return (
    <div className="fo-list" role="progressbar" aria-label={t('modal.loading')}>
      <span className="fo-skeleton" style={{ height: 56 }} />
      <span className="fo-skeleton" style={{ height: 56 }} />
      <span className="fo-skeleton" style={{ height: 56, opacity: 0.6 }} />
    </div>
  )
}

function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useFoyerLocale()
  return (
    <div className="fo-center" role="alert">
      <p className="fo-muted">{t('modal.loadFailed')}</p>
      {onRetry && (
        <button type="button" className="fo-primary" onClick={onRetry}>
          {t('modal.retry')}
        </button>
      )}
    </div>
  )
}
