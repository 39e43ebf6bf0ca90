import type { Kysely } from 'kysely'

// Embedded-wallet sessions belong to the project they were signed in for: each row names that project, and the
// session routes look a token up together with the request's project id, so a token is refused (401) under any
// other project. Rows made before this column existed name no project and no request matches them: those
// sign-ins end at the upgrade (the person signs in again with an email code; approved devices stay approved).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_sessions').addColumn('project_id', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_sessions').dropColumn('project_id').execute()
}
