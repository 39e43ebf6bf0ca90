import { afterAll, beforeAll, describe, it } from 'vitest'
import type { FoyerDatabase } from '../db/index.ts'
import {
  BACKEND_TIMEOUT_MS,
  openTestPGlite,
  openTestPostgres,
  type PostgresProbe,
  probePostgres,
  type TestDatabase,
} from './backends.ts'

/**
 * Call once at the top of a test file: probes Postgres and, when it does not answer, notes that the file's Postgres
 * cases are skipped. With `requiredInCi`, a CI run without Postgres also gets a failing case saying why.
 */
export async function probePostgresFor(file: string, { requiredInCi = false } = {}): Promise<PostgresProbe> {
  const postgres = await probePostgres()
  if (!postgres.available)
    console.warn(
      `[foyer] ${file}: ${postgres.reason} — Postgres cases are SKIPPED (set FOYER_TEST_POSTGRES_URL or start Postgres; CI fails instead)`,
    )
  if (requiredInCi && !postgres.available && process.env.CI) {
    it('Postgres is required in CI', () => {
      throw new Error(postgres.reason)
    })
  }
  return postgres
}

/** The backends a test file runs on, each with how to open a fresh test database: PGlite, and Postgres when it answers. */
export function testBackends(postgres: PostgresProbe): [name: string, open: () => Promise<TestDatabase>][] {
  const backends: [string, () => Promise<TestDatabase>][] = [['PGlite', openTestPGlite]]
  if (postgres.available) backends.push(['Postgres', () => openTestPostgres()])
  return backends
}

/**
 * Declares `tests` once on PGlite and once on Postgres (when reachable; else a note says it was skipped), each
 * against a fresh database opened before the tests and removed after them. Read `t.database` inside the tests:
 * the database is only open once they run.
 */
export async function describeEachBackend(
  file: string,
  tests: (t: { readonly database: FoyerDatabase }) => void,
): Promise<void> {
  for (const [name, open] of testBackends(await probePostgresFor(file))) {
    describe(name, () => {
      let opened: TestDatabase | undefined
      beforeAll(async () => {
        opened = await open()
      }, BACKEND_TIMEOUT_MS)
      afterAll(() => opened?.cleanup(), BACKEND_TIMEOUT_MS)
      tests({
        get database() {
          if (!opened) throw new Error('the test database is not open yet')
          return opened.database
        },
      })
    })
  }
}
