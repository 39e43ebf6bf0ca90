/**
 * Shared counts without a shared write per request. Each instance reserves a small lease of a key's allowance from
 * the shared CounterStore in ONE atomic hit (`hit(key, window, leaseSize)`), then spends it in memory; when the
 * lease is spent it reserves the next. Because every reservation is an atomic add to the one shared count, the
 * instances together never get more than the limit: the part of a lease that crosses the limit is not usable.
 * What an instance reserved and did not spend by the end of the window is lost, so a client spread over N
 * instances may be served up to (N − 1) × leaseSize fewer than the limit — never more.
 *
 * Leases are 1% of the limit (at least 1): a limit of 10 is counted one by one in the store (exact remaining
 * counts), a project limit of 6000 writes once per 60 requests.
 */
import { LRUCache } from 'lru-cache'
import type { CounterStore } from './counters.ts'

export interface Allowance {
  allowed: boolean
  limit: number
  /** Requests left in this window (exact with one instance and leases of 1; an estimate otherwise). */
  remaining: number
  /** When the window ends, ms since the epoch. */
  resetAt: number
}

interface Lease {
  windowStart: number
  resetAt: number
  /** Reserved here and not yet spent. */
  available: number
  /** The shared count after our last reservation. */
  sharedCount: number
  /** The shared count reached the limit: nothing more to reserve this window. */
  exhausted: boolean
  pending?: Promise<void>
}

const MAX_LEASES = 100_000

export const leaseSize = (limit: number) => Math.max(1, Math.floor(limit / 100))

export class LeasedCounters {
  readonly #store: CounterStore
  readonly #windowMs: number
  readonly #now: () => number
  readonly #leases: LRUCache<string, Lease>

  constructor(store: CounterStore, windowMs: number, now: () => number = Date.now) {
    this.#store = store
    this.#windowMs = windowMs
    this.#now = now
    this.#leases = new LRUCache({ max: MAX_LEASES })
  }

  /** Takes one request from `key`'s allowance of `limit` per window. Rejects when the store fails. */
  async take(key: string, limit: number): Promise<Allowance> {
    for (;;) {
      const at = this.#now()
      const windowStart = Math.floor(at / this.#windowMs) * this.#windowMs
      let lease = this.#leases.get(key)
      if (!lease || lease.windowStart !== windowStart) {
        lease = { windowStart, resetAt: windowStart + this.#windowMs, available: 0, sharedCount: 0, exhausted: false }
        this.#leases.set(key, lease)
      }
      if (lease.available > 0) {
        lease.available--
        return {
          allowed: true,
          limit,
          remaining: Math.max(0, limit - lease.sharedCount) + lease.available,
          resetAt: lease.resetAt,
        }
      }
      if (lease.exhausted) return { allowed: false, limit, remaining: 0, resetAt: lease.resetAt }
      // One reservation at a time per key: concurrent requests wait for it instead of each writing.
      const current = lease
      current.pending ??= this.#reserve(key, current, limit).finally(() => (current.pending = undefined))
      await current.pending
    }
  }

  async #reserve(key: string, lease: Lease, limit: number): Promise<void> {
    const size = leaseSize(limit)
    const { count, resetAt } = await this.#store.hit(key, this.#windowMs, size)
    lease.available += Math.max(0, Math.min(size, limit - (count - size)))
    lease.sharedCount = count
    lease.resetAt = resetAt.getTime()
    if (count >= limit) lease.exhausted = true
  }
}
