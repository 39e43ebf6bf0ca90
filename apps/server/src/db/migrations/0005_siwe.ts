import { type Kysely, sql } from 'kysely'

// Sign-in with Ethereum (siwe/):
// - siwe_nonces: one row per nonce handed out; `used_at` is set by the one statement that accepts a signed message
//   (UPDATE … WHERE used_at IS NULL), so a nonce signs in once however many requests race for it.
// - siwe_sessions: one row per token (`id` is the JWT's `jti`); sign-out sets `revoked_at`.
// - siwe_signing_keys: the ES256 keys tokens are signed with, one `generation` after the other (the unique
//   generation lets instances racing to rotate agree on one new key); the private JWK is kept encrypted when
//   FOYER_SIWE_KEY_SECRET is set (`private_jwk` is then a JWE, `encrypted` true).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('siwe_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('siwe_nonces_format', sql`nonce ~ '^[a-zA-Z0-9]{17,64}$'`)
    .execute()
  await db.schema.createIndex('siwe_nonces_expires_idx').on('siwe_nonces').column('expires_at').execute()

  await db.schema
    .createTable('siwe_signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull().unique())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('encrypted', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('siwe_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull().unique())
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('siwe_sessions_expires_idx').on('siwe_sessions').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('siwe_sessions').execute()
  await db.schema.dropTable('siwe_signing_keys').execute()
  await db.schema.dropTable('siwe_nonces').execute()
}
