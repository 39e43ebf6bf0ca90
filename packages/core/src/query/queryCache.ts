/**
 * A small query cache in the spirit of TanStack Query, without React: features define an action and a query
 * key in core (`fetchX`, `xQueryKey`), React adds a thin hook (`useFoyerQuery`). Keys are arrays of primitives.
 * Concurrent fetches of a key share one request; a query function gets an AbortSignal, aborted when the last
 * subscriber leaves, on `invalidate`, `remove` and a forced refetch; a network or 5xx failure is retried with
 * backoff; an entry nobody subscribes to is dropped after `QUERY_GC_MS`, or at once by `remove`. Built by hand rather than on @tanstack/query-core:
 * that costs a wagmi site 1.9 KiB gzip before the first click (docs/performance.md).
 */
import { HttpRequestError } from '../errors/errors.ts'

export type QueryKey = readonly (string | number | boolean | null | undefined)[]

export type QueryState<data> = {
  status: 'idle' | 'pending' | 'success' | 'error'
  data?: data
  error?: unknown
  fetching: boolean
  updatedAt: number
}

/** What a query function receives: abort the request when `signal` aborts (its result is ignored then anyway). */
export type QueryFunctionContext = { signal: AbortSignal }
export type QueryFunction<data> = (context: QueryFunctionContext) => Promise<data>

/** Milliseconds an entry with no subscriber is kept before it is dropped. */
export const QUERY_GC_MS = 5 * 60_000
/**
 * Retries of a failed fetch that `shouldRetry` accepts, after 0.5 s, then 1 s: a modal is waiting, and a blip
 * of the network or a restarting server is usually over by then.
 */
export const QUERY_RETRIES = 2

export type FetchOptions = {
  /** Fresh data younger than this (ms) is returned without a request (default 0). */
  staleTime?: number
  /** Start a new request even when one is running (which is aborted) or the data is fresh. */
  force?: boolean
}

const idle: QueryState<never> = { status: 'idle', fetching: false, updatedAt: 0 }

/** Retry a network failure (fetch's TypeError) or a server error (HTTP 5xx), also when wrapped as a `cause`. */
export function shouldRetry(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof HttpRequestError) return e.status >= 500
    if (e instanceof TypeError) return true
  }
  return false
}

type Entry = {
  /** The key, hashed. */
  id: string
  state: QueryState<unknown>
  listeners: Set<() => void>
  /** The last query function, run again when the entry is invalidated while subscribed. */
  fn?: QueryFunction<unknown>
  promise?: Promise<unknown>
  controller?: AbortController
  gc?: ReturnType<typeof setTimeout>
}

export type QueryCache = ReturnType<typeof createQueryCache>

export function createQueryCache() {
  const entries = new Map<string, Entry>()
  const hash = (key: QueryKey) => JSON.stringify(key)
  const success = (data: unknown): Partial<QueryState<unknown>> => ({
    status: 'success',
    data,
    error: undefined,
    updatedAt: Date.now(),
  })
  const update = (entry: Entry, patch: Partial<QueryState<unknown>>) => {
    entry.state = { ...entry.state, ...patch }
    for (const listener of [...entry.listeners]) listener()
  }
  /** Drops the entry `QUERY_GC_MS` after its last subscriber left, its fetch settled or it was made unsubscribed. */
  const scheduleGc = (entry: Entry) => {
    clearTimeout(entry.gc)
    if (!entry.listeners.size) entry.gc = setTimeout(() => entry.listeners.size || forget(entry), QUERY_GC_MS)
  }
  /** Drops the entry from the map (unless a newer entry of the same key replaced it there). */
  const forget = (entry: Entry) => {
    clearTimeout(entry.gc)
    if (entries.get(entry.id) === entry) entries.delete(entry.id)
  }
  /** The entries whose key starts with `prefix`. */
  const matching = (prefix: QueryKey) =>
    [...entries.values()].filter((entry) => {
      const key = JSON.parse(entry.id) as QueryKey
      return prefix.every((part, index) => key[index] === part)
    })
  const entryFor = (key: QueryKey) => {
    const id = hash(key)
    let entry = entries.get(id)
    if (!entry) {
      entry = { id, state: idle, listeners: new Set() }
      entries.set(id, entry)
      scheduleGc(entry)
    }
    return entry
  }
  /**
   * Aborts the running fetch: its promise rejects, its result is ignored and nothing is recorded (data and error
   * stay what they were; a first load goes back to idle). Does not notify: every caller does, or has no subscriber
   * to tell.
   */
  const abort = (entry: Entry) => {
    entry.controller?.abort()
    entry.controller = entry.promise = undefined
    const { status } = entry.state
    entry.state = { ...entry.state, fetching: false, status: status === 'pending' ? 'idle' : status }
  }
  /** Runs the query function, again after 0.5 s and 1 s while it fails in a way `shouldRetry` accepts. */
  const attempt = async <data>(queryFn: QueryFunction<data>, signal: AbortSignal): Promise<data> => {
    for (let failures = 0; ; failures++) {
      try {
        signal.throwIfAborted()
        return await queryFn({ signal })
      } catch (error) {
        if (signal.aborted || failures >= QUERY_RETRIES || !shouldRetry(error)) throw error
        await new Promise((resolve) => setTimeout(resolve, 500 << failures))
      }
    }
  }
  /** Starts a request for the entry, aborting the one running. */
  const run = <data>(entry: Entry, queryFn: QueryFunction<data>): Promise<data> => {
    abort(entry)
    const controller = new AbortController()
    const settle = (patch: Partial<QueryState<unknown>>) => {
      if (entry.controller !== controller) return // aborted: a newer request, or none, owns the state
      entry.controller = entry.promise = undefined
      update(entry, { ...patch, fetching: false })
      scheduleGc(entry)
    }
    entry.fn = queryFn as QueryFunction<unknown>
    entry.controller = controller
    update(entry, { fetching: true, status: entry.state.status === 'success' ? 'success' : 'pending' })
    const promise = attempt(queryFn, controller.signal).then(
      (data) => {
        settle(success(data))
        return data
      },
      (error: unknown) => {
        settle({ status: 'error', error })
        throw error
      },
    )
    entry.promise = promise
    return promise
  }

  return {
    getState<data>(key: QueryKey): QueryState<data> {
      return (entries.get(hash(key))?.state ?? idle) as QueryState<data>
    },
    /** Keeps the entry while subscribed; the last subscriber leaving aborts its fetch and starts the gc time. */
    subscribe(key: QueryKey, listener: () => void) {
      const entry = entryFor(key)
      entry.listeners.add(listener)
      clearTimeout(entry.gc)
      return () => {
        if (entry.listeners.delete(listener) && !entry.listeners.size) {
          abort(entry)
          scheduleGc(entry)
        }
      }
    },
    /**
     * Fetches unless fresh data is there (younger than `staleTime` ms); concurrent calls share one request.
     * `force` starts a new request, aborting the running one.
     */
    fetch<data>(key: QueryKey, queryFn: QueryFunction<data>, { staleTime = 0, force = false }: FetchOptions = {}) {
      const entry = entryFor(key)
      const { state } = entry
      if (!force) {
        if (entry.promise) return entry.promise as Promise<data>
        if (state.status === 'success' && Date.now() - state.updatedAt < staleTime)
          return Promise.resolve(state.data as data)
      }
      return run(entry, queryFn)
    },
    setData<data>(key: QueryKey, data: data) {
      update(entryFor(key), success(data))
    },
    /**
     * Marks every query whose key starts with `prefix` stale, aborting its running fetch; one with subscribers is
     * fetched again at once with its last query function.
     */
    invalidate(prefix: QueryKey) {
      for (const entry of matching(prefix)) {
        abort(entry)
        update(entry, { updatedAt: 0 })
        if (entry.listeners.size && entry.fn) run(entry, entry.fn).catch(() => {})
      }
    },
    /**
     * Forgets every query whose key starts with `prefix` (e.g. a disconnected account's data): running fetches are
     * aborted and their results ignored, data and errors go. An entry nobody subscribes to is dropped; a subscribed
     * one goes back to idle, its subscribers are told, and it fetches again only when asked.
     */
    remove(prefix: QueryKey) {
      for (const entry of matching(prefix)) {
        abort(entry)
        entry.fn = undefined
        if (entry.listeners.size) update(entry, { ...idle, data: undefined, error: undefined })
        else forget(entry)
      }
    },
    clear() {
      for (const entry of entries.values()) {
        abort(entry)
        clearTimeout(entry.gc)
      }
      entries.clear()
    },
  }
}
