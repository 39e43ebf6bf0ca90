import { afterAll, beforeAll, describe } from 'vitest'
import type { FoyerDatabase } from '../db/index.ts'
import {
  BACKEND_TIMEOUT_MS,
  notePostgres,
  openTestPGlite,
  openTestPostgres,
  probePostgres,
  type TestDatabase,
} from './backends.ts'

/**
 * Declares `tests` once on PGlite and once on Postgres (when reachable; else a note says it was skipped), each
 * against a fresh database opened before the tests and removed after them. Read `t.database` inside the tests:
 * the database is only open once they run.
 */
export async function describeEachBackend(
  file: string,
  tests: (t: { readonly database: FoyerDatabase }) => void,
): Promise<void> {
  const postgres = await probePostgres()
  notePostgres(postgres, file)
  const backends: [string, () => Promise<TestDatabase>][] = [['PGlite', openTestPGlite]]
  if (postgres.available) backends.push(['Postgres', () => openTestPostgres()])
  for (const [name, open] of backends) {
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
