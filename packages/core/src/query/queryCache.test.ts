import { describe, expect, it } from 'vitest'
import { createQueryCache } from './queryCache.ts'

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
  it('records errors and notifies subscribers; invalidate by prefix', async () => {
    const cache = createQueryCache()
    const seen: string[] = []
    cache.subscribe(['balance', 1], () => seen.push(cache.getState(['balance', 1]).status))
    await expect(cache.fetch(['balance', 1], async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(seen).toEqual(['pending', 'error'])
    cache.setData(['balance', 1], 5)
    cache.invalidate(['balance'])
    expect(cache.getState(['balance', 1]).updatedAt).toBe(0)
    expect(seen.length).toBe(4)
  })
})
