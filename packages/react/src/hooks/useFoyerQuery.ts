import type { QueryKey, QueryState } from '@foyer/core/internal'
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'

export type UseFoyerQueryParameters<data> = {
  queryKey: QueryKey
  /** Receives `{ signal }`: pass it to the request (it aborts when the last user of the key unmounts). */
  queryFn: (context: { signal: AbortSignal }) => Promise<data>
  enabled?: boolean
  /** Milliseconds before cached data is fetched again on mount (default 0: always refresh). */
  staleTime?: number
}

/**
 * The thin React side of core's query cache: subscribes to one key and fetches when enabled. The cache shares
 * one request between the hooks of a key, retries network and 5xx failures, refetches a subscribed key when it is
 * invalidated and drops it a while after its last hook unmounts. Features keep their action and key in core and
 * call this from their hook.
 */
export function useFoyerQuery<data>({
  queryKey,
  queryFn,
  enabled = true,
  staleTime = 0,
}: UseFoyerQueryParameters<data>) {
  const { queries } = useFoyerClient()
  // Callers build the key inline, a new array each render: its JSON text is its identity (the cache hashes keys the
  // same way), so `key` changes only when the text does.
  const id = JSON.stringify(queryKey)
  const key = useMemo(() => JSON.parse(id) as QueryKey, [id])
  // The latest queryFn, read when a fetch starts. Callers may pass a new closure every render (useWalletPage does);
  // the key says which data this is, so a new function alone must not fetch again (and must not retry a failure).
  const queryFnRef = useRef(queryFn)
  useEffect(() => {
    queryFnRef.current = queryFn
  })
  const subscribe = useCallback((listener: () => void) => queries.subscribe(key, listener), [queries, key])
  const getSnapshot = useCallback(() => queries.getState<data>(key), [queries, key])
  const state: QueryState<data> = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const refetch = useCallback(
    () => queries.fetch(key, (context) => queryFnRef.current(context), { force: true }),
    [queries, key],
  )

  // On mount and key change: fetch unless fresh. A failure (after the cache's retries) stays in the state for the
  // view. After `invalidate`, the cache itself fetches a subscribed key again.
  useEffect(() => {
    if (enabled) queries.fetch(key, (context) => queryFnRef.current(context), { staleTime }).catch(() => {})
  }, [enabled, queries, key, staleTime])

  return { ...state, isLoading: enabled && (state.status === 'idle' || state.status === 'pending'), refetch }
}
