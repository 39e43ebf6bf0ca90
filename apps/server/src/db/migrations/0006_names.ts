import { type Kysely, sql } from 'kysely'

// Account names (apps/server/src/names): one row per registered name, and every change to one kept in
// account_name_history. The unique constraint on `name` decides between concurrent registrations of one name.
// Names are stored lower-case and addresses lower-case 0x text; `coin_type` is the ENSIP-11 coin type (int8: it
// passes 2^31). The primary name of an address is its newest (highest id).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_names')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('coin_type', 'int8', (c) => c.notNull())
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('account_names_name_key', ['name'])
    .addCheckConstraint('account_names_name_format', sql`name = lower(name) and length(name) <= 253`)
    .addCheckConstraint('account_names_address_format', sql`address ~ '^0x[0-9a-f]{40}$'`)
    .execute()
  await db.schema.createIndex('account_names_address_idx').on('account_names').columns(['address', 'id']).execute()

  await db.schema
    .createTable('account_name_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('coin_type', 'int8', (c) => c.notNull())
    .addColumn('attributes', 'jsonb', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('account_name_history_action', sql`action in ('register', 'update')`)
    .execute()
  await db.schema
    .createIndex('account_name_history_name_idx')
    .on('account_name_history')
    .columns(['name', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_name_history').execute()
  await db.schema.dropTable('account_names').execute()
}
