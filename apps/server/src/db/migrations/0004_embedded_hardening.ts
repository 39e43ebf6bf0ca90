import { type Kysely, sql } from 'kysely'

// Hardening of the embedded-wallet auth (docs/security.md):
// - rate_counters: fixed-window counters shared by every server instance (limits/counters.ts); one upsert per hit.
// - embedded_email_locks: the 30 s resend lock per normalised email, taken in one conditional upsert.
// - embedded_devices get last_used_at / expires_at: an approved device expires unless used to sign in.
// - the auth share check accepts any nonzero x coordinate (first byte) followed by 32 bytes.
// - embedded_code_failures is no longer written (failure limits moved to rate_counters: counting rows, then
//   inserting, was racy); old rows are purged by maintenance/purge.ts.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
    .execute()
  await db.schema.createIndex('rate_counters_expires_idx').on('rate_counters').column('expires_at').execute()

  await db.schema
    .createTable('embedded_email_locks')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .alterTable('embedded_devices')
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .alterTable('embedded_devices')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now() + interval '90 days'`))
    .execute()
  await sql`update embedded_devices set last_used_at = approved_at, expires_at = approved_at + interval '90 days'`.execute(
    db,
  )
  await db.schema.createIndex('embedded_devices_expires_idx').on('embedded_devices').column('expires_at').execute()

  await db.schema
    .createIndex('embedded_sessions_user_idx')
    .on('embedded_sessions')
    .columns(['user_id', 'device_hash'])
    .execute()
  await db.schema.createIndex('embedded_sessions_expires_idx').on('embedded_sessions').column('expires_at').execute()
  await db.schema
    .createIndex('embedded_challenges_user_idx')
    .on('embedded_challenges')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute()
  await db.schema
    .createIndex('embedded_challenges_expires_idx')
    .on('embedded_challenges')
    .column('expires_at')
    .execute()

  await db.schema.alterTable('embedded_users').dropConstraint('embedded_users_share_format').execute()
  await db.schema
    .alterTable('embedded_users')
    .addCheckConstraint(
      'embedded_users_share_format',
      sql`auth_share is null or (auth_share ~ '^[0-9a-f]{66}$' and left(auth_share, 2) <> '00')`,
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_users').dropConstraint('embedded_users_share_format').execute()
  await db.schema
    .alterTable('embedded_users')
    .addCheckConstraint('embedded_users_share_format', sql`auth_share is null or auth_share ~ '^02[0-9a-f]{64}$'`)
    .execute()
  for (const index of [
    'embedded_challenges_expires_idx',
    'embedded_challenges_user_idx',
    'embedded_sessions_expires_idx',
    'embedded_sessions_user_idx',
    'embedded_devices_expires_idx',
  ]) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.alterTable('embedded_devices').dropColumn('expires_at').execute()
  await db.schema.alterTable('embedded_devices').dropColumn('last_used_at').execute()
  await db.schema.dropTable('embedded_email_locks').execute()
  await db.schema.dropTable('rate_counters').execute()
}
