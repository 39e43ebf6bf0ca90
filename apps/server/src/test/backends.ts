import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type FoyerDatabase, openDatabase } from '../db/index.ts'
import { probeService, type ServiceProbe } from './serviceProbe.ts'

/**
 * Test backends: embedded PGlite (always) and real Postgres (when reachable).
 * Postgres comes from FOYER_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test; each
 * test file gets its own scratch database `foyer_test_<random>`, dropped afterwards.
 * With CI set, an unreachable Postgres is a failure instead of a skip.
 */
export const TEST_POSTGRES_URL = process.env.FOYER_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test'

export interface PostgresProbe extends ServiceProbe {
  adminUrl: string
}

export async function probePostgres(adminUrl = TEST_POSTGRES_URL): Promise<PostgresProbe> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_500 })
  const probe = await probeService(
    'Postgres',
    adminUrl,
    async () => {
      await client.connect()
      await client.query('select 1')
    },
    () => client.end(),
  )
  return { ...probe, adminUrl }
}

export interface ScratchDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

export async function createScratchDatabase(adminUrl = TEST_POSTGRES_URL): Promise<ScratchDatabase> {
  const name = `foyer_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      try {
        await c.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}

export interface TestDatabase {
  database: FoyerDatabase
  /** Where PGlite keeps its files (pglite only). */
  dataDir?: string
  /** PGlite: milliseconds to open + migrate. */
  openMs: number
  /** PGlite only: close and open the same data dir again (replaces `database`); resolves to the reopen time in ms. */
  reopen?(): Promise<number>
  cleanup(): Promise<void>
}

export async function openTestPGlite(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-test-'))
  const started = performance.now()
  const pgliteDir = join(dataDir, 'pglite')
  const database = await openDatabase({ pgliteDir })
  const openMs = Math.round(performance.now() - started)
  console.info(`[foyer] PGlite opened and migrated in ${openMs} ms (${dataDir})`)
  const t: TestDatabase = {
    database,
    dataDir,
    openMs,
    async reopen() {
      await t.database.close()
      const again = performance.now()
      t.database = await openDatabase({ pgliteDir })
      return Math.round(performance.now() - again)
    },
    async cleanup() {
      await t.database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  return t
}

export async function openTestPostgres(
  adminUrl = TEST_POSTGRES_URL,
): Promise<TestDatabase & { scratch: ScratchDatabase }> {
  const scratch = await createScratchDatabase(adminUrl)
  const started = performance.now()
  let database: FoyerDatabase
  try {
    database = await openDatabase({ databaseUrl: scratch.url, poolMax: 4 })
  } catch (e) {
    await scratch.drop().catch(() => {})
    throw e
  }
  return {
    database,
    scratch,
    openMs: Math.round(performance.now() - started),
    async cleanup() {
      await database.close()
      await scratch.drop()
    },
  }
}

export const BACKEND_TIMEOUT_MS = 120_000
