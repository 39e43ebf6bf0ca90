import { type Kysely, sql } from 'kysely'

// Embedded-wallet auth: users, their approved devices, one-time challenges (codes and device links),
// failed-code records for rate limits, and sessions. Secrets are stored only as SHA-256 hashes; the wallet's key
// is never here — only the auth share, one of three Shamir shares (2 rebuild the key), see docs/security.md.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('embedded_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('address', 'text', (c) => c.unique())
    .addColumn('auth_share', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('embedded_users_address_format', sql`address is null or address ~ '^0x[0-9a-f]{40}$'`)
    .addCheckConstraint('embedded_users_share_format', sql`auth_share is null or auth_share ~ '^02[0-9a-f]{64}$'`)
    .execute()

  await db.schema
    .createTable('embedded_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('embedded_users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('embedded_devices_pk', ['user_id', 'device_hash'])
    .execute()

  await db.schema
    .createTable('embedded_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('embedded_users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text')
    .addColumn('new_email', 'text')
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'embedded_challenges_purpose',
      sql`purpose in ('login', 'device', 'update_primary', 'update_secondary')`,
    )
    .execute()
  await db.schema
    .createIndex('embedded_challenges_email_idx')
    .on('embedded_challenges')
    .columns(['email', 'created_at'])
    .execute()

  await db.schema
    .createTable('embedded_code_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('embedded_code_failures_email_idx')
    .on('embedded_code_failures')
    .columns(['email', 'created_at'])
    .execute()
  await db.schema
    .createIndex('embedded_code_failures_client_idx')
    .on('embedded_code_failures')
    .columns(['client_address', 'created_at'])
    .execute()

  await db.schema
    .createTable('embedded_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('embedded_users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'embedded_sessions',
    'embedded_code_failures',
    'embedded_challenges',
    'embedded_devices',
    'embedded_users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
