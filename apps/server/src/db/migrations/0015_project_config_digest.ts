import type { Kysely } from 'kysely'

// projects.config_digest: the SHA-256 of the FOYER_PROJECTS entry (or built-in demo project) last written to the row
// at a start. A start writes an entry only when its digest differs from this one — a new entry, or one the operator
// edited — so a restart with the same settings keeps what the console changed since (projects/seed.ts). Null for a
// project the console created.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('config_digest', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('config_digest').execute()
}
