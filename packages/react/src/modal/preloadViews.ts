import type { ViewName } from '@foyer/core'
import { createContext, useContext, useMemo } from 'react'
import { whenIdle } from './chunks.ts'

/** The shell's `preloadView`, handed to the views (which must not import the view loaders themselves). */
export const PreloadViewContext = createContext<(view: ViewName) => void>(() => {})

/** Fetches the chunks of views the current one leads to: now (on hover or focus), or when the browser is idle. */
export function usePreloadViews() {
  const preloadView = useContext(PreloadViewContext)
  return useMemo(
    () => ({
      preloadView,
      /** Returns a cancel, for an effect's clean-up. */
      preloadViewsWhenIdle: (views: readonly ViewName[]) => whenIdle(() => views.forEach(preloadView)),
    }),
    [preloadView],
  )
}
