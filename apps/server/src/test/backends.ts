import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
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
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
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

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations')
const TEMPLATES_DIR = join(tmpdir(), 'foyer-test-pglite-templates')

/**
 * A PGlite data folder with every migration applied, made once per set of migrations and copied for each test
 * database: a new folder costs PGlite's initdb and the migrations (3–12 s on this machine, the largest part of many
 * test files), a copy about a second to open. The folder is named by a hash of the migrations' sources and PGlite's
 * version, so a changed or added migration makes a new one; several workers making the same one at once each build
 * their own and the first rename wins.
 */
let template: Promise<string> | undefined

/** The installed PGlite's version (its package.json is not among its exports: found from its entry point). */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
}
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256')
    hash.update(pgliteVersion())
    for (const name of readdirSync(MIGRATIONS_DIR).sort())
      hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)))
    const ready = join(TEMPLATES_DIR, hash.digest('hex').slice(0, 16))
    if (existsSync(ready)) return ready
    await mkdir(TEMPLATES_DIR, { recursive: true })
    const building = await mkdtemp(join(TEMPLATES_DIR, 'building-'))
    const database = await openDatabase({ pgliteDir: join(building, 'pglite') })
    await database.close()
    await rename(building, ready).catch(async (e: NodeJS.ErrnoException) => {
      if (!existsSync(ready)) throw e
      await rm(building, { recursive: true, force: true }) // another worker's copy won
    })
    return ready
  })()
  template.catch(() => (template = undefined))
  return template
}

export async function openTestPGlite(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-test-'))
  const started = performance.now()
  const pgliteDir = join(dataDir, 'pglite')
  await cp(join(await migratedTemplate(), 'pglite'), pgliteDir, { recursive: true })
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
