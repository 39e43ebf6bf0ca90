/**
 * The database counter store on PGlite and Postgres: one upsert per hit, so parallel hits never lose a count.
 */
import { describe, expect, it } from 'vitest'
import { describeEachBackend } from '../test/eachBackend.ts'
import { createDatabaseCounterStore, windowOf } from './counters.ts'

describe('windowOf', () => {
  it('aligns fixed windows to the epoch and refuses a non-positive width', () => {
    expect(windowOf(new Date(125_000), 60_000)).toEqual({ start: new Date(120_000), end: new Date(180_000) })
    expect(() => windowOf(new Date(), 0)).toThrow(RangeError)
  })
})

await describeEachBackend('counters.test.ts', (t) => {
  it('counts 200 parallel hits exactly, each hit getting its own count', async () => {
    const store = createDatabaseCounterStore(t.database)
    const results = await Promise.all(Array.from({ length: 200 }, () => store.hit('test:parallel', 3_600_000)))
    const counts = results.map((r) => r.count).sort((a, b) => a - b)
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    expect(new Set(results.map((r) => r.resetAt.getTime())).size).toBe(1)
    expect((await store.hit('test:parallel', 3_600_000, 5)).count).toBe(205)
  })

  it('starts a new window when the old one ends, keeps keys apart, and purges ended windows', async () => {
    let clock = new Date('1999-01-01T00:00:30Z')
    const store = createDatabaseCounterStore(t.database, () => clock)
    expect(await store.hit('test:window', 60_000)).toEqual({ count: 1, resetAt: new Date('1999-01-01T00:01:00Z') })
    expect((await store.hit('test:window', 60_000)).count).toBe(2)
    expect((await store.hit('test:other', 60_000)).count).toBe(1)
    clock = new Date('1999-01-01T00:01:00Z')
    expect(await store.hit('test:window', 60_000)).toEqual({ count: 1, resetAt: new Date('1999-01-01T00:02:00Z') })
    expect(await store.purgeExpired(new Date('1999-01-01T00:01:00.001Z'))).toBe(2)
    expect((await store.hit('test:window', 60_000)).count).toBe(2)
    await expect(store.hit('test:window', 60_000, 0)).rejects.toThrow(RangeError)
  })
})
