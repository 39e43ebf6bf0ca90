import { type Kysely, sql } from 'kysely'

// Social login and Sign in with Farcaster for the embedded wallet.
// - embedded_users.email becomes optional: a person who signs in with a provider that gives no verified email
//   (X, Farcaster, or an unverified address) has a wallet without one. Postgres lets many rows hold NULL under the
//   unique index, so an email still names at most one user.
// - embedded_identities: each provider account (provider, subject) bound to one user, with what the provider said
//   about it at the last sign-in.
// - embedded_social_flows: one sign-in in progress, from its start to the session it makes. The frame holds the
//   flow's token (stored here as a hash); OAuth's state, PKCE verifier and nonce live here so that any instance can
//   take the callback. `status` moves pending → exchanging → (done | link | failed) in conditional updates, so one
//   authorization code makes at most one session however many callbacks carry it.
// - embedded_sessions.login_provider / login_subject: the identity a session was signed in with (null for email).
// - projects.social_login: each project's provider credentials (client id and secret, issuer or endpoints).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('embedded_users')
    .alterColumn('email', (col) => col.dropNotNull())
    .execute()

  await db.schema
    .createTable('embedded_identities')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('embedded_users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('username', 'text')
    .addColumn('display_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('embedded_identities_pkey', ['provider', 'subject'])
    .execute()
  await db.schema.createIndex('embedded_identities_user_idx').on('embedded_identities').column('user_id').execute()

  await db.schema
    .createTable('embedded_social_flows')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('device_hash', 'text', (col) => col.notNull())
    // OAuth: the state sent to the provider (unique), the PKCE verifier and the OpenID nonce.
    .addColumn('state', 'text', (col) => col.unique())
    .addColumn('code_verifier', 'text')
    .addColumn('nonce', 'text')
    // Farcaster: the Connect relay's channel token for this sign-in.
    .addColumn('channel_token', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    // After the callback: the identity the provider vouched for (JSON), the user it signs in, or why it failed.
    .addColumn('identity', 'jsonb')
    .addColumn('user_id', 'text')
    .addColumn('error', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('embedded_social_flows_expires_idx')
    .on('embedded_social_flows')
    .column('expires_at')
    .execute()

  await db.schema
    .alterTable('embedded_sessions')
    .addColumn('login_provider', 'text')
    .addColumn('login_subject', 'text')
    .execute()

  await db.schema.alterTable('projects').addColumn('social_login', 'jsonb').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('social_login').execute()
  await db.schema.alterTable('embedded_sessions').dropColumn('login_provider').dropColumn('login_subject').execute()
  await db.schema.dropTable('embedded_social_flows').execute()
  await db.schema.dropTable('embedded_identities').execute()
  await db.deleteFrom('embedded_users').where('email', 'is', null).execute()
  await db.schema
    .alterTable('embedded_users')
    .alterColumn('email', (col) => col.setNotNull())
    .execute()
}
