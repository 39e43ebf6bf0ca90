import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { classifyError } from '../http/errors.ts'
import { createServer } from '../index.ts'
import { DEMO_PROJECT } from '../projects/model.ts'
import { ProjectStore } from '../projects/store.ts'
import {
  BACKEND_TIMEOUT_MS,
  createScratchDatabase,
  openTestPGlite,
  openTestPostgres,
  type TestDatabase,
} from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { type Database, openDatabase } from './index.ts'
import { MIGRATION_TABLE, migrateToLatest } from './migrate.ts'
import { migrations } from './migrations/index.ts'

const postgres = await probePostgresFor('db.test.ts', { requiredInCi: true })

/** The same checks on every backend. */
function sharedSuite(open: () => Promise<TestDatabase>): () => TestDatabase {
  let t: TestDatabase
  let db: Kysely<Database>
  beforeAll(async () => {
    t = await open()
    db = t.database.kysely
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it('has run every migration once; running them again is a no-op', async () => {
    const rows = await db
      .selectFrom(MIGRATION_TABLE as any)
      .select('name')
      .execute()
    expect(rows.map((r: any) => r.name)).toEqual(Object.keys(migrations))
    expect(await migrateToLatest(db)).toEqual({ applied: [] })
    expect(await migrateToLatest(db)).toEqual({ applied: [] })
    const again = await db
      .selectFrom(MIGRATION_TABLE as any)
      .select('name')
      .execute()
    expect(again).toHaveLength(Object.keys(migrations).length)
  })

  it('stores projects (text[] + jsonb) and upserts idempotently', async () => {
    const store = new ProjectStore(db)
    await store.upsert(DEMO_PROJECT)
    const first = await store.get('foyer-demo')
    expect(first).toMatchObject({
      id: 'foyer-demo',
      name: 'Foyer demo',
      allowedOrigins: DEMO_PROJECT.allowedOrigins,
      features: {},
    })
    expect(first!.createdAt).toBeInstanceOf(Date)

    await store.upsert(DEMO_PROJECT) // unchanged → row untouched
    const same = await store.get('foyer-demo')
    expect(same!.updatedAt.getTime()).toBe(first!.updatedAt.getTime())

    await store.upsert({
      ...DEMO_PROJECT,
      allowedOrigins: ['https://a.b', 'https://c,"d'],
      features: { swaps: false, socials: ['google'] },
    })
    const changed = await store.get('foyer-demo')
    expect(changed).toMatchObject({
      allowedOrigins: ['https://a.b', 'https://c,"d'],
      features: { swaps: false, socials: ['google'] },
    })
    expect(changed!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime())
    expect(changed!.createdAt.getTime()).toBe(first!.createdAt.getTime())
    expect(await store.isOriginKnown('https://a.b')).toBe(true)
    expect(await store.isOriginKnown('http://127.0.0.1:5173')).toBe(false)
    await store.upsert(DEMO_PROJECT)
    expect((await db.selectFrom('projects').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(
      '1',
    )
  })

  it('refuses a non-object features value at the database level', async () => {
    await expect(
      db.insertInto('projects').values({ id: 'x', name: 'x', allowed_origins: [], features: '[1]' }).execute(),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it('returns the same value types on every backend', async () => {
    const row = await sql<any>`select 9007199254740993::int8 as big, 1.50::numeric as num, '2024-02-29'::date as day,
      now() as at, '{"a":[1,"x"]}'::jsonb as j, array['a','b']::text[] as arr, 7::int4 as small, true as flag`
      .execute(db)
      .then((r) => r.rows[0])
    expect(row).toEqual({
      big: '9007199254740993',
      num: '1.50',
      day: '2024-02-29',
      at: expect.any(Date),
      j: { a: [1, 'x'] },
      arr: ['a', 'b'],
      small: 7,
      flag: true,
    })
  })

  it('commits, rolls back, and keeps concurrent transactions consistent', async () => {
    await db.schema
      .createTable('tx_counter')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull())
      .execute()
    const tdb = db as unknown as Kysely<any>
    await tdb.insertInto('tx_counter').values({ id: 1, n: 0 }).execute()

    await expect(
      tdb.transaction().execute(async (trx) => {
        await trx.updateTable('tx_counter').set({ n: 100 }).execute()
        const seen = sql`select count(*) from tx_counter where n = 100`.execute(tdb) // outside the transaction
        throw Object.assign(new Error('abort'), { seen })
      }),
    ).rejects.toSatisfy((e: any) => {
      void e.seen.catch(() => {})
      return e.message === 'abort'
    })
    expect((await tdb.selectFrom('tx_counter').select('n').executeTakeFirstOrThrow()).n).toBe(0)

    await Promise.all(
      Array.from({ length: 10 }, () =>
        tdb.transaction().execute(async (trx) => {
          const { n } = await trx
            .selectFrom('tx_counter')
            .select('n')
            .where('id', '=', 1)
            .forUpdate()
            .executeTakeFirstOrThrow()
          await new Promise((r) => setTimeout(r, 2))
          await trx
            .updateTable('tx_counter')
            .set({ n: n + 1 })
            .where('id', '=', 1)
            .execute()
        }),
      ),
    )
    expect((await tdb.selectFrom('tx_counter').select('n').executeTakeFirstOrThrow()).n).toBe(10)
    const r = await tdb.updateTable('tx_counter').set({ n: 0 }).executeTakeFirst()
    expect(r.numUpdatedRows).toBe(1n)
    await db.schema.dropTable('tx_counter').execute()
  })

  it('gives driver errors that the HTTP layer maps to 4xx, not 500', async () => {
    const err = await db
      .insertInto('projects')
      .values({ id: 'foyer-demo', name: 'dup', allowed_origins: [], features: '{}' })
      .execute()
      .catch((e) => e)
    expect(classifyError(err)).toMatchObject({ status: 409, code: 'conflict' })
    const bad = await sql`select ${'abc'}::int`.execute(db).catch((e) => e)
    expect(classifyError(bad)).toMatchObject({ status: 400, code: 'invalid_request' })
  })

  return () => t
}

describe('PGlite (embedded)', () => {
  const shared = sharedSuite(openTestPGlite)

  // runs after the shared cases, on the same instance
  it(
    'keeps data across a restart in the same data dir, and refuses a second open of it',
    async () => {
      const t = shared()
      const pgliteDir = `${t.dataDir}/pglite`
      await expect(openDatabase({ pgliteDir })).rejects.toThrow(/already open in this process/)
      await new ProjectStore(t.database.kysely).upsert({
        id: 'persisted',
        name: 'P',
        allowedOrigins: ['https://p.example'],
        features: { email: false },
      })
      const ms = await t.reopen!()
      console.info(`[foyer] PGlite reopened an existing data dir in ${ms} ms`)
      expect(await new ProjectStore(t.database.kysely).get('persisted')).toMatchObject({
        allowedOrigins: ['https://p.example'],
        features: { email: false },
      })
      expect(await migrateToLatest(t.database.kysely)).toEqual({ applied: [] })
    },
    BACKEND_TIMEOUT_MS,
  )
})

describe.runIf(postgres.available)(`Postgres (${postgres.available ? 'scratch database' : postgres.reason})`, () => {
  sharedSuite(openTestPostgres)

  it(
    'lets several instances start against an empty database at once',
    async () => {
      const scratch = await createScratchDatabase(postgres.adminUrl)
      try {
        const dbs = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url, poolMax: 2 })))
        const rows = await dbs[0]!.kysely
          .selectFrom(MIGRATION_TABLE as any)
          .select('name')
          .execute()
        expect(rows).toHaveLength(Object.keys(migrations).length)
        await Promise.all(dbs.map((d) => d.close()))
      } finally {
        await scratch.drop()
      }
    },
    BACKEND_TIMEOUT_MS,
  )

  it(
    'a server holds at most FOYER_DATABASE_POOL_MAX connections: 12 slow queries at once with 2 → 2 open, the rest wait',
    async () => {
      const scratch = await createScratchDatabase(postgres.adminUrl)
      const dataDir = mkdtempSync(join(tmpdir(), 'foyer-pool-'))
      const server = await createServer(
        loadConfig(
          { DATABASE_URL: scratch.url, FOYER_DATABASE_POOL_MAX: '2', FOYER_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          { repoRoot: null },
        ),
      )
      try {
        const pool = server.database.pool!
        let mostOpen = 0
        let mostWaiting = 0
        const watch = setInterval(() => {
          mostOpen = Math.max(mostOpen, pool.totalCount)
          mostWaiting = Math.max(mostWaiting, pool.waitingCount)
        }, 5)
        await Promise.all(Array.from({ length: 12 }, () => sql`select pg_sleep(0.05)`.execute(server.database.kysely)))
        clearInterval(watch)
        expect(mostOpen).toBe(2)
        expect(mostWaiting).toBeGreaterThan(0)
      } finally {
        await server.close()
        await scratch.drop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    BACKEND_TIMEOUT_MS,
  )

  it('reports an unreachable server as 503, not 500', async () => {
    const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', migrate: false })
    const err = await sql`select 1`.execute(db.kysely).catch((e) => e)
    expect(classifyError(err)).toMatchObject({ status: 503, code: 'database_unavailable' })
    await db.close()
  })
})
