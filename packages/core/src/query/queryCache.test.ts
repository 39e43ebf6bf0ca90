import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TokenBalanceError } from '../account-data/accountDataErrors.ts'
import { HttpRequestError } from '../errors/errors.ts'
import { createQueryCache, QUERY_GC_MS, shouldRetry } from './queryCache.ts'

/** A query function whose calls the test settles by hand; `signals` are the AbortSignals it was given. */
function deferredFn<data>() {
  const calls: { resolve: (value: data) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = []
  const fn = ({ signal }: { signal: AbortSignal }) =>
    new Promise<data>((resolve, reject) => calls.push({ resolve, reject, signal }))
  return { fn, calls }
}

const networkError = () => new TypeError('Failed to fetch')
const httpError = (status: number) => new HttpRequestError({ status, url: 'http://api.test/x' })

describe('query cache', () => {
  it('shares one request between concurrent callers and keeps fresh data', async () => {
    const cache = createQueryCache()
    let calls = 0
    const fn = async () => ++calls
    const [a, b] = await Promise.all([cache.fetch(['x'], fn), cache.fetch(['x'], fn)])
    expect([a, b, calls]).toEqual([1, 1, 1])
    expect(await cache.fetch(['x'], fn, { staleTime: 60_000 })).toBe(1)
    expect(await cache.fetch(['x'], fn)).toBe(2)
    expect(cache.getState(['x'])).toMatchObject({ status: 'success', data: 2, fetching: false })
  })

  it('gives concurrent subscribers of a key one request and the same states', async () => {
    const cache = createQueryCache()
    const { fn, calls } = deferredFn<number>()
    const seenA: string[] = []
    const seenB: string[] = []
    cache.subscribe(['k'], () => seenA.push(cache.getState(['k']).status))
    cache.subscribe(['k'], () => seenB.push(cache.getState(['k']).status))
    const first = cache.fetch(['k'], fn)
    const second = cache.fetch(['k'], fn)
    expect(calls).toHaveLength(1)
    calls[0]!.resolve(7)
    expect(await Promise.all([first, second])).toEqual([7, 7])
    expect(seenA).toEqual(['pending', 'success'])
    expect(seenB).toEqual(seenA)
  })

  it('records errors and notifies subscribers; invalidate by prefix marks stale and refetches what is watched', async () => {
    const cache = createQueryCache()
    const seen: string[] = []
    cache.subscribe(['balance', 1], () => seen.push(cache.getState(['balance', 1]).status))
    await expect(cache.fetch(['balance', 1], async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(seen).toEqual(['pending', 'error'])
    cache.setData(['balance', 2], 5)
    let reads = 0
    await cache.fetch(['balance', 1], async () => ++reads)
    cache.invalidate(['balance'])
    // Not watched: only marked stale. Watched: marked stale and fetched again with its last function.
    expect(cache.getState(['balance', 2])).toMatchObject({ data: 5, updatedAt: 0, fetching: false })
    expect(cache.getState(['balance', 1])).toMatchObject({ data: 1, updatedAt: 0, fetching: true })
    await vi.waitFor(() => expect(cache.getState(['balance', 1])).toMatchObject({ data: 2, fetching: false }))
    expect(cache.getState(['balance', 1]).updatedAt).toBeGreaterThan(0)
    cache.invalidate(['other'])
    expect(cache.getState(['balance', 1]).updatedAt).toBeGreaterThan(0)
  })
})

describe('query cache: remove', () => {
  it('forgets every key under the prefix at once: data, errors and running fetches; others stay', async () => {
    const cache = createQueryCache()
    cache.setData(['account', 'a', 'balances'], [1])
    await expect(
      cache.fetch(['account', 'a', 'history'], async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow()
    const { fn, calls } = deferredFn<number>()
    const running = cache.fetch(['account', 'a', 'names'], fn)
    const watched: string[] = []
    const stop = cache.subscribe(['account', 'a', 'watched'], () =>
      watched.push(cache.getState(['account', 'a', 'watched']).status),
    )
    cache.setData(['account', 'a', 'watched'], 'mine')
    cache.setData(['account', 'b', 'balances'], [2])

    cache.remove(['account', 'a'])
    for (const part of ['balances', 'history', 'names', 'watched'])
      expect(cache.getState(['account', 'a', part])).toEqual({ status: 'idle', fetching: false, updatedAt: 0 })
    expect(calls[0]!.signal.aborted).toBe(true)
    calls[0]!.resolve(9) // a late answer lands nowhere
    await running
    expect(cache.getState(['account', 'a', 'names']).data).toBeUndefined()
    // The subscriber was told, and fetches again only when asked
    expect(watched).toEqual(['success', 'idle'])
    expect(cache.getState(['account', 'b', 'balances']).data).toEqual([2])
    expect(await cache.fetch(['account', 'a', 'watched'], async () => 'fresh')).toBe('fresh')
    stop()
  })
})

describe('query cache: garbage collection', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('drops an entry nobody subscribes to after the gc time', async () => {
    const cache = createQueryCache()
    await cache.fetch(['a'], async () => 1)
    cache.setData(['b'], 2)
    vi.advanceTimersByTime(QUERY_GC_MS - 1)
    expect(cache.getState(['a']).data).toBe(1)
    expect(cache.getState(['b']).data).toBe(2)
    vi.advanceTimersByTime(1)
    expect(cache.getState(['a']).status).toBe('idle')
    expect(cache.getState(['a']).data).toBeUndefined()
    expect(cache.getState(['b']).status).toBe('idle')
  })

  it('keeps a subscribed entry, and drops it the gc time after its last subscriber left', async () => {
    const cache = createQueryCache()
    const stopA = cache.subscribe(['a'], () => {})
    const stopB = cache.subscribe(['a'], () => {})
    await cache.fetch(['a'], async () => 1)
    vi.advanceTimersByTime(QUERY_GC_MS * 3)
    expect(cache.getState(['a']).data).toBe(1)
    stopA()
    vi.advanceTimersByTime(QUERY_GC_MS * 3)
    expect(cache.getState(['a']).data).toBe(1)
    stopB()
    vi.advanceTimersByTime(QUERY_GC_MS / 2)
    // Back before the time is up: kept, and the clock starts again when this one leaves
    const stopC = cache.subscribe(['a'], () => {})
    vi.advanceTimersByTime(QUERY_GC_MS)
    expect(cache.getState(['a']).data).toBe(1)
    stopC()
    stopC() // a second call is harmless
    vi.advanceTimersByTime(QUERY_GC_MS - 1)
    expect(cache.getState(['a']).data).toBe(1)
    vi.advanceTimersByTime(1)
    expect(cache.getState(['a']).status).toBe('idle')
  })
})

describe('query cache: abort', () => {
  it('passes an AbortSignal and aborts it when the last subscriber leaves; the late result is ignored', async () => {
    const cache = createQueryCache()
    const { fn, calls } = deferredFn<number>()
    const stopA = cache.subscribe(['a'], () => {})
    const stopB = cache.subscribe(['a'], () => {})
    const pending = cache.fetch(['a'], fn)
    stopA()
    expect(calls[0]!.signal.aborted).toBe(false)
    stopB()
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(cache.getState(['a'])).toMatchObject({ status: 'idle', fetching: false })
    calls[0]!.resolve(1)
    await pending
    expect(cache.getState(['a']).data).toBeUndefined()
    // A new fetch starts a new request with a fresh signal
    const again = cache.fetch(['a'], fn)
    expect(calls).toHaveLength(2)
    expect(calls[1]!.signal.aborted).toBe(false)
    calls[1]!.resolve(2)
    expect(await again).toBe(2)
    expect(cache.getState(['a'])).toMatchObject({ status: 'success', data: 2 })
  })

  it('aborts the running request on invalidate and fetches again for its subscribers', async () => {
    const cache = createQueryCache()
    const { fn, calls } = deferredFn<string>()
    cache.subscribe(['history', '0xa'], () => {})
    const first = cache.fetch(['history', '0xa'], fn)
    cache.invalidate(['history'])
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(calls).toHaveLength(2)
    calls[0]!.resolve('stale')
    calls[1]!.resolve('fresh')
    await first
    await vi.waitFor(() => expect(cache.getState(['history', '0xa']).data).toBe('fresh'))
  })

  it('aborts the running request on a forced refetch, and a failure of the old one records nothing', async () => {
    const cache = createQueryCache()
    const { fn, calls } = deferredFn<number>()
    const first = cache.fetch(['a'], fn).catch((error: unknown) => error)
    const second = cache.fetch(['a'], fn, { force: true })
    expect(calls).toHaveLength(2)
    expect(calls[0]!.signal.aborted).toBe(true)
    calls[0]!.reject(calls[0]!.signal.reason)
    expect(((await first) as Error).name).toBe('AbortError')
    expect(cache.getState(['a'])).toMatchObject({ status: 'pending', fetching: true })
    expect(cache.getState(['a']).error).toBeUndefined()
    calls[1]!.resolve(2)
    expect(await second).toBe(2)
    expect(cache.getState(['a'])).toMatchObject({ status: 'success', data: 2, fetching: false })
  })
})

describe('query cache: retry', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('retries a network failure after 0.5 s, then 1 s, and succeeds', async () => {
    const cache = createQueryCache()
    const fn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(new TokenBalanceError({ cause: httpError(503) }))
      .mockResolvedValueOnce('ok')
    const result = cache.fetch(['a'], fn)
    await vi.advanceTimersByTimeAsync(499)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(cache.getState(['a'])).toMatchObject({ status: 'pending', fetching: true })
    await vi.advanceTimersByTimeAsync(1)
    expect(fn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(999)
    expect(fn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fn).toHaveBeenCalledTimes(3)
    expect(await result).toBe('ok')
    expect(cache.getState(['a'])).toMatchObject({ status: 'success', data: 'ok', error: undefined })
  })

  it('gives up after two retries and records the last error', async () => {
    const cache = createQueryCache()
    const fn = vi.fn(() => Promise.reject(httpError(500)))
    const result = cache.fetch(['a'], fn).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fn).toHaveBeenCalledTimes(3)
    expect(await result).toBeInstanceOf(HttpRequestError)
    expect(cache.getState(['a'])).toMatchObject({ status: 'error', fetching: false })
  })

  it('does not retry a 4xx answer (also wrapped) or any other error', async () => {
    const cache = createQueryCache()
    for (const [key, error] of [
      ['404', httpError(404)],
      ['wrapped 400', new TokenBalanceError({ cause: httpError(400) })],
      ['bug', new Error('bug')],
    ] as const) {
      const fn = vi.fn(() => Promise.reject(error))
      await expect(cache.fetch([key], fn)).rejects.toBe(error)
      expect(fn).toHaveBeenCalledTimes(1)
    }
    expect([networkError(), httpError(502), httpError(429), 'text'].map(shouldRetry)).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('stops retrying once aborted', async () => {
    const cache = createQueryCache()
    const fn = vi.fn(() => Promise.reject(networkError()))
    const stop = cache.subscribe(['a'], () => {})
    const result = cache.fetch(['a'], fn).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(250)
    stop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(((await result) as Error).name).toBe('AbortError')
    expect(cache.getState(['a'])).toMatchObject({ status: 'idle', fetching: false })
    expect(cache.getState(['a']).error).toBeUndefined()
  })
})
