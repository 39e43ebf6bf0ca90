import { type CaipNetworkId, fetchTransactionHistory, type Transaction } from '@foyer/core'
import { transactionHistoryQueryKey } from '@foyer/core/internal'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'
import { useFoyerQuery } from './useFoyerQuery.ts'

/** While Activity is open, its first page is read again this often (ms), so new transactions appear. */
export const ACTIVITY_POLL_MS = 5000

type Pages = { entries: Transaction[]; next: string | null }

/**
 * The account's history on one network, page by page (core's `fetchTransactionHistory`). The pages live in core's
 * query cache under `transactionHistoryQueryKey`: invalidating it (a new transaction) reloads the first page.
 * `loadMore()` appends the next page; `loadMoreError` keeps a failed next page apart from the first page's state.
 */
export function useTransactionHistory({
  address,
  chainId,
  poll = true,
}: {
  address?: string
  chainId?: CaipNetworkId
  poll?: boolean
}) {
  const client = useFoyerClient()
  const queryKey = useMemo(() => transactionHistoryQueryKey({ address: address ?? '', chainId }), [address, chainId])
  const queryFn = useCallback(
    async ({ signal }: { signal: AbortSignal }): Promise<Pages> => {
      const page = await fetchTransactionHistory(client, { address: address!, chainId, signal })
      const fresh = { entries: page.data, next: page.next }
      // A reload keeps the pages already loaded below the first (a scrolled list does not shrink every poll).
      const previous = client.queries.getState<Pages>(transactionHistoryQueryKey({ address: address!, chainId })).data
      const lastOfPage = page.data.at(-1)
      if (!previous || !page.next || !lastOfPage || previous.entries.length <= page.data.length) return fresh
      const overlap = previous.entries.findIndex((e) => e.id === lastOfPage.id)
      if (overlap < 0) return fresh
      return { entries: [...page.data, ...previous.entries.slice(overlap + 1)], next: previous.next }
    },
    [client, address, chainId],
  )
  const enabled = !!address && !!client.api
  const query = useFoyerQuery({ queryKey, queryFn, enabled })
  const [loadingMore, setLoadingMore] = useState(false)
  const [loadMoreError, setLoadMoreError] = useState<unknown>()
  const generation = useRef(0)

  // A new account or network starts a new list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: address and chainId are the trigger (a new list); the body reads neither
  useEffect(() => {
    generation.current++
    setLoadingMore(false)
    setLoadMoreError(undefined)
  }, [address, chainId])

  useEffect(() => {
    if (!enabled || !poll) return
    const timer = setInterval(() => client.queries.invalidate(queryKey), ACTIVITY_POLL_MS)
    return () => clearInterval(timer)
  }, [enabled, poll, client, queryKey])

  const loadMore = useCallback(async () => {
    const current = client.queries.getState<Pages>(queryKey).data
    if (!current?.next || loadingMore) return
    const started = generation.current
    setLoadingMore(true)
    setLoadMoreError(undefined)
    try {
      const page = await fetchTransactionHistory(client, { address: address!, chainId, cursor: current.next })
      if (started !== generation.current) return
      const latest = client.queries.getState<Pages>(queryKey).data
      // The first page was reloaded meanwhile: its cursor chain is new, drop this stale page.
      if (latest?.next !== current.next) return
      const seen = new Set(latest.entries.map((e) => e.id))
      client.queries.setData<Pages>(queryKey, {
        entries: [...latest.entries, ...page.data.filter((e) => !seen.has(e.id))],
        next: page.next,
      })
    } catch (error) {
      if (started === generation.current) setLoadMoreError(error)
    } finally {
      if (started === generation.current) setLoadingMore(false)
    }
  }, [client, address, chainId, loadingMore, queryKey])

  return {
    ...query,
    entries: query.data?.entries ?? [],
    hasMore: !!query.data?.next,
    loadMore,
    loadingMore,
    loadMoreError,
  }
}
