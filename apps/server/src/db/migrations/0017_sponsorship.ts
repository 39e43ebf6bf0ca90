import { type Kysely, sql } from 'kysely'

// Gas sponsorship (apps/server/src/sponsorship): each project's policy in projects.sponsorship (jsonb, null: it
// sponsors nothing), and what each account has been granted per chain and UTC day in sponsorship_usage. A grant
// adds to its row in one statement whose condition is the limit, so concurrent grants never pass it. Addresses
// are lower-case 0x text; gas_wei is numeric (a day's wei passes int8 on a busy chain).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('sponsorship', 'jsonb').execute()
  await db.schema
    .createTable('sponsorship_usage')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'int8', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('operations', 'int4', (c) => c.notNull())
    .addColumn('gas_wei', 'numeric', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sponsorship_usage_pkey', ['project_id', 'chain_id', 'account', 'day'])
    .addCheckConstraint('sponsorship_usage_account_format', sql`account ~ '^0x[0-9a-f]{40}$'`)
    .execute()
  // The purge deletes past days by this index.
  await db.schema.createIndex('sponsorship_usage_day_idx').on('sponsorship_usage').column('day').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sponsorship_usage').execute()
  await db.schema.alterTable('projects').dropColumn('sponsorship').execute()
}
