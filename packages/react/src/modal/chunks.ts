/**
 * The helpers for loading chunks. No dynamic import here: views import this module, and a module that lazy chunks
 * import must not itself import() anything, or the bundler splits what the page and its chunks share into many
 * small chunks fetched at start.
 */
import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react'

/** A dynamic import that runs once, remembers its result (so a loaded chunk renders without suspending) and can retry. */
export type ChunkLoader<value> = { (): Promise<value>; loaded?: value }

export function chunk<value>(importer: () => Promise<value>): ChunkLoader<value> {
  let pending: Promise<value> | undefined
  const load: ChunkLoader<value> = () =>
    (pending ??= importer().then(
      (value) => (load.loaded = value),
      (error: unknown) => {
        pending = undefined // a failed chunk (offline, new deploy) is fetched again next time
        throw error
      },
    ))
  return load
}

export const ignore = () => {}

/** Runs the task when the browser is idle (within 2 s); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}

// biome-ignore lint/suspicious/noExplicitAny: loaders of different props share the map; React's lazy types take ComponentType<any> only, and lazyFor<props> restores each entry's type
const lazyComponents = new WeakMap<ChunkLoader<ComponentType<any>>, LazyExoticComponent<ComponentType<any>>>()

function lazyFor<props>(load: ChunkLoader<ComponentType<props>>): LazyExoticComponent<ComponentType<props>> {
  let component = lazyComponents.get(load)
  if (!component) {
    component = lazy(() =>
      load().then(
        (value) => ({ default: value }),
        (error: unknown) => {
          lazyComponents.delete(load) // React.lazy keeps a rejection forever: make a new one for the retry
          throw error
        },
      ),
    )
    lazyComponents.set(load, component)
  }
  return component as LazyExoticComponent<ComponentType<props>>
}

/**
 * The component a chunk exports: directly when already loaded (no Suspense fallback flashes), else via
 * `React.lazy`. The choice is pinned per mount so the subtree never remounts when the chunk arrives.
 */
export function useChunkComponent<props>(load: ChunkLoader<ComponentType<props>>): ComponentType<props> {
  const [component] = useState<ComponentType<props>>(() => load.loaded ?? lazyFor(load))
  return component
}
