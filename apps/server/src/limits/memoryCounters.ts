/**
 * The CounterStore in this process's memory, for the embedded database (PGlite): PGlite's data folder belongs to
 * one process, so there is exactly one instance to count for, and memory counts the same as the database would
 * without a database write per request. A hit is synchronous JavaScript (read, add, store with no await between),
 * so 100 requests at once still get 100 distinct counts. One store per database object, shared by every app made
 * on it in this process.
 */
import { LRUCache } from 'lru-cache'
import { type CounterStore, windowOf } from './counters.ts'

/** Distinct keys kept per store; past this the least recently counted are dropped (that key's count restarts). */
const MAX_KEYS = 200_000

const stores = new WeakMap<object, CounterStore>()

/** The memory store that belongs to `owner` (a database object), made on first use. */
export function memoryCounterStoreFor(owner: object, now: () => Date = () => new Date()): CounterStore {
  let store = stores.get(owner)
  if (!store) {
    store = createMemoryCounterStore(now)
    stores.set(owner, store)
  }
  return store
}

export function createMemoryCounterStore(now: () => Date = () => new Date()): CounterStore {
  const counts = new LRUCache<string, { count: number; end: number }>({ max: MAX_KEYS })
  return {
    async hit(key, windowMs, amount = 1) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError('amount must be a positive integer')
      const { start, end } = windowOf(now(), windowMs)
      const slot = `${key}:${start.getTime()}`
      const entry = counts.get(slot) ?? { count: 0, end: end.getTime() }
      entry.count += amount
      counts.set(slot, entry)
      return { count: entry.count, resetAt: end }
    },
    async unhit(key, windowMs, at, amount = 1) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError('amount must be a positive integer')
      const entry = counts.get(`${key}:${windowOf(at, windowMs).start.getTime()}`)
      if (entry) entry.count = Math.max(0, entry.count - amount)
    },
    async purgeExpired(before) {
      let removed = 0
      for (const [slot, entry] of counts.entries()) {
        if (entry.end < before.getTime()) {
          counts.delete(slot)
          removed++
        }
      }
      return removed
    },
  }
}
