/**
 * A small query cache in the spirit of TanStack Query, without React: features define an action and a query
 * key in core (`fetchX`, `xQueryKey`), React adds a thin hook (`useFoyerQuery`). Keys are arrays of primitives.
 */
export type QueryKey = readonly (string | number | boolean | null | undefined)[]

export type QueryState<data> = {
  status: 'idle' | 'pending' | 'success' | 'error'
  data?: data
  error?: unknown
  fetching: boolean
  updatedAt: number
}

const idle: QueryState<never> = { status: 'idle', fetching: false, updatedAt: 0 }

type Entry = { state: QueryState<unknown>; listeners: Set<() => void>; promise?: Promise<unknown> }

export type QueryCache = ReturnType<typeof createQueryCache>

export function createQueryCache() {
  const entries = new Map<string, Entry>()
  const hash = (key: QueryKey) => JSON.stringify(key)
  const entryFor = (key: QueryKey) => {
    const id = hash(key)
    let entry = entries.get(id)
    if (!entry) {
      entry = { state: idle, listeners: new Set() }
      entries.set(id, entry)
    }
    return entry
  }
  const update = (entry: Entry, patch: Partial<QueryState<unknown>>) => {
    entry.state = { ...entry.state, ...patch }
    for (const listener of [...entry.listeners]) listener()
  }

  return {
    getState<data>(key: QueryKey): QueryState<data> {
      return (entries.get(hash(key))?.state ?? idle) as QueryState<data>
    },
    subscribe(key: QueryKey, listener: () => void) {
      const entry = entryFor(key)
      entry.listeners.add(listener)
      return () => entry.listeners.delete(listener)
    },
    /** Fetches unless fresh data is there (younger than `staleTime` ms); concurrent calls share one request. */
    fetch<data>(key: QueryKey, queryFn: () => Promise<data>, { staleTime = 0, force = false } = {}): Promise<data> {
      const entry = entryFor(key)
      if (entry.promise) return entry.promise as Promise<data>
      if (!force && entry.state.status === 'success' && Date.now() - entry.state.updatedAt < staleTime) {
        return Promise.resolve(entry.state.data as data)
      }
      update(entry, { fetching: true, status: entry.state.status === 'success' ? 'success' : 'pending' })
      const promise = queryFn().then(
        (data) => {
          entry.promise = undefined
          update(entry, { status: 'success', data, error: undefined, fetching: false, updatedAt: Date.now() })
          return data
        },
        (error: unknown) => {
          entry.promise = undefined
          update(entry, { status: 'error', error, fetching: false })
          throw error
        },
      )
      entry.promise = promise
      return promise
    },
    setData<data>(key: QueryKey, data: data) {
      update(entryFor(key), { status: 'success', data, error: undefined, updatedAt: Date.now() })
    },
    /** Marks every query whose key starts with `prefix` stale and tells its subscribers (they refetch). */
    invalidate(prefix: QueryKey) {
      for (const [id, entry] of entries) {
        const key = JSON.parse(id) as QueryKey
        if (prefix.every((part, index) => key[index] === part)) update(entry, { updatedAt: 0 })
      }
    },
    clear() {
      entries.clear()
    },
  }
}
