import type { QueryKey, QueryState } from '@foyer/core'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'

export type UseFoyerQueryParameters<data> = {
  queryKey: QueryKey
  queryFn: () => Promise<data>
  enabled?: boolean
  /** Milliseconds before cached data is fetched again on mount (default 0: always refresh). */
  staleTime?: number
}

/**
 * The thin React side of core's query cache: subscribes to one key and fetches when enabled.
 * Features keep their action and key in core and call this from their hook.
 */
export function useFoyerQuery<data>({ queryKey, queryFn, enabled = true, staleTime = 0 }: UseFoyerQueryParameters<data>) {
  const { queries } = useFoyerClient()
  const id = JSON.stringify(queryKey)
  const subscribe = useCallback((listener: () => void) => queries.subscribe(queryKey, listener), [queries, id])
  const getSnapshot = useCallback(() => queries.getState<data>(queryKey), [queries, id])
  const state: QueryState<data> = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const refetch = useCallback(() => queries.fetch(queryKey, queryFn, { force: true }), [queries, id, queryFn])

  // On mount and key change: fetch unless fresh. A failure stays in the state for the view (no retry loop).
  useEffect(() => {
    if (enabled) queries.fetch(queryKey, queryFn, { staleTime }).catch(() => {})
  }, [enabled, id])
  // After `invalidate`, data is kept but marked stale: fetch it again.
  const invalidated = state.status === 'success' && state.updatedAt === 0
  useEffect(() => {
    if (enabled && invalidated && !state.fetching) queries.fetch(queryKey, queryFn).catch(() => {})
  }, [enabled, invalidated, state.fetching])

  return { ...state, isLoading: enabled && (state.status === 'idle' || state.status === 'pending'), refetch }
}
