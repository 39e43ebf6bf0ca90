import { type Kysely, type MigrationResultSet, Migrator } from 'kysely'
import { migrations } from './migrations/index.ts'

export const MIGRATION_TABLE = 'foyer_migration'
export const MIGRATION_LOCK_TABLE = 'foyer_migration_lock'

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  })
}

/** Applies pending migrations (Postgres advisory lock: safe with several instances starting at once). */
export async function migrateToLatest(db: Kysely<any>): Promise<{ applied: string[] }> {
  const result: MigrationResultSet = await createMigrator(db).migrateToLatest()
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName
    const cause = result.error instanceof Error ? result.error.message : String(result.error)
    throw new Error(`Database migration ${failed ?? ''} failed: ${cause}`, { cause: result.error })
  }
  return { applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) }
}
