import { type Kysely, sql } from 'kysely'

// The operator console's sign-in.
// - operators: who may use the console. `email` is stored case-folded (a check keeps it so) and unique.
//   `password_hash` is an scrypt string (console/operators/password.ts) or null for an operator who signs in by
//   mailed link only. `failed_attempts` / `locked_until`: consecutive wrong passwords and the lockout they caused,
//   taken in one conditional update before the password is compared. `link_sent_at`: the last sign-in link mailed,
//   for the per-mailbox resend limit (also one conditional update).
// - operator_sessions: one signed-in browser. Only the SHA-256 of the cookie's token is stored; the CSRF token is
//   derived from the cookie's token (console/session/csrf.ts), so nothing more is kept for it. `expires_at` slides
//   with use up to a cap from `created_at`.
// - operator_sign_in_links: a mailed one-time link, by the SHA-256 of its token; `used_at` is set by the one
//   request that spends it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text')
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('link_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'uuid', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute()

  await db.schema
    .createTable('operator_sign_in_links')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'uuid', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('operator_sign_in_links_operator_idx')
    .on('operator_sign_in_links')
    .column('operator_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_sign_in_links').execute()
  await db.schema.dropTable('operator_sessions').execute()
  await db.schema.dropTable('operators').execute()
}
