/**
 * The database counter store on PGlite and Postgres: one upsert per hit, so parallel hits never lose a count.
 */
import { describe, expect, it } from 'vitest'
import { describeEachBackend } from '../test/eachBackend.ts'
import { type CounterStore, createDatabaseCounterStore, windowOf } from './counters.ts'
import { createMemoryCounterStore } from './memoryCounters.ts'

/** `unhit` takes back hits of the window they were made in, atomically, never below 0, and leaves other windows. */
async function expectUnhit(store: CounterStore, setClock: (at: Date) => void) {
  setClock(new Date('1999-01-01T00:00:30Z'))
  for (let i = 0; i < 5; i++) await store.hit('test:unhit', 60_000)
  await store.unhit('test:unhit', 60_000, new Date('1999-01-01T00:00:10Z'), 2)
  expect((await store.hit('test:unhit', 60_000)).count).toBe(4)
  // 100 give-backs at once: each takes one, and the count stops at 0.
  await Promise.all(
    Array.from({ length: 100 }, () => store.unhit('test:unhit', 60_000, new Date('1999-01-01T00:00:59Z'))),
  )
  expect((await store.hit('test:unhit', 60_000)).count).toBe(1)
  // A window that has no count (another window, or gone) is left alone.
  await store.unhit('test:unhit', 60_000, new Date('1999-01-01T00:01:30Z'))
  setClock(new Date('1999-01-01T00:01:30Z'))
  expect((await store.hit('test:unhit', 60_000)).count).toBe(1)
  await expect(store.unhit('test:unhit', 60_000, new Date(), 0)).rejects.toThrow(RangeError)
}

describe('the memory counter store', () => {
  it('gives hits back within their window', async () => {
    let clock = new Date()
    await expectUnhit(
      createMemoryCounterStore(() => clock),
      (at) => (clock = at),
    )
  })
})

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

  it('gives hits back within their window, in one statement each', async () => {
    let clock = new Date()
    await expectUnhit(
      createDatabaseCounterStore(t.database, () => clock),
      (at) => (clock = at),
    )
  })
})
