import { Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { Mutex, PGliteDialect, type PGliteLike } from './pglite-dialect.ts'

/** Records what reaches "PGlite" and lets a test hold a query open. */
function fakePGlite() {
  const log: string[] = []
  let closed = false
  const gates = new Map<string, Promise<void>>()
  const pglite: PGliteLike & { closed: boolean } = {
    get closed() {
      return closed
    },
    async query<T>(text: string, params: unknown[] = []) {
      log.push(params.length ? `${text} ${JSON.stringify(params)}` : text)
      const gate = [...gates.entries()].find(([k]) => text.includes(k))
      if (gate) await gate[1]
      if (/^insert/i.test(text)) return { rows: [] as T[], command: 'INSERT', affectedRows: 2 }
      return { rows: [{ n: 1 }] as T[], command: 'SELECT', affectedRows: 0 }
    },
    async close() {
      closed = true
      log.push('<close>')
    },
  }
  return { pglite, log, hold: (fragment: string, until: Promise<void>) => gates.set(fragment, until) }
}

describe('Mutex', () => {
  it('hands the lock out in order, one at a time', async () => {
    const m = new Mutex()
    const order: number[] = []
    await Promise.all(
      [1, 2, 3].map(async (i) => {
        const release = await m.lock()
        order.push(i)
        await new Promise((r) => setTimeout(r, 5))
        order.push(-i)
        release()
      }),
    )
    expect(order).toEqual([1, -1, 2, -2, 3, -3])
  })

  it('times out a waiter without breaking the queue', async () => {
    const m = new Mutex()
    const release = await m.lock()
    await expect(m.lock(20)).rejects.toThrow(/Timed out after 20 ms/)
    release()
    const again = await m.lock(1000)
    again()
  })
})

describe('PGliteDialect (fake PGlite)', () => {
  it('passes parameters, reports affected rows, and serialises a transaction against other queries', async () => {
    const { pglite, log, hold } = fakePGlite()
    const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }) })
    const r = await db
      .insertInto('t')
      .values([{ a: 1 }, { a: 2 }])
      .executeTakeFirst()
    expect(r.numInsertedOrUpdatedRows).toBe(2n)
    expect(log).toEqual(['insert into "t" ("a") values ($1), ($2) [1,2]'])
    log.length = 0

    let open!: () => void
    hold('from "inside"', new Promise((r) => (open = r)))
    const trx = db.transaction().execute(async (tx) => {
      await sql`select 1 from "inside"`.execute(tx)
      await sql`select 2 from "inside_too"`.execute(tx)
    })
    await new Promise((r) => setTimeout(r, 10))
    const outside = sql`select 3 from "outside"`.execute(db)
    await new Promise((r) => setTimeout(r, 10))
    open()
    await Promise.all([trx, outside])
    expect(log).toEqual([
      'begin',
      'select 1 from "inside"',
      'select 2 from "inside_too"',
      'commit',
      'select 3 from "outside"',
    ])
    await db.destroy()
    expect(log.at(-1)).toBe('<close>')
  })

  it('rolls back on error and supports isolation level and savepoints', async () => {
    const { pglite, log } = fakePGlite()
    const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }) })
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`select 1`.execute(tx)
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async () => {})
    const trx = await db.startTransaction().execute()
    const sp = await trx.savepoint('sp1').execute()
    await sp.rollbackToSavepoint('sp1').execute()
    await sp.releaseSavepoint('sp1').execute()
    await trx.commit().execute()
    expect(log).toEqual([
      'begin',
      'select 1',
      'rollback',
      'begin isolation level serializable',
      'commit',
      'begin',
      'savepoint "sp1"',
      'rollback to "sp1"',
      'release "sp1"',
      'commit',
    ])
    await db.destroy()
  })

  it('fails instead of hanging when the outer db is used inside a transaction', async () => {
    const { pglite } = fakePGlite()
    const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite, acquireTimeoutMs: 50 }) })
    await expect(
      db.transaction().execute(async () => {
        await sql`select 1`.execute(db) // wrong: should be the transaction
      }),
    ).rejects.toThrow(/use the transaction object/)
    await sql`select 1`.execute(db) // the connection is usable again
    await db.destroy()
    await expect(sql`select 1`.execute(db)).rejects.toThrow()
  })
})
