import { type Kysely, sql } from 'kysely'

// The modal's analytics events (`POST /e`). One row per event; a project stores each client-drawn event id once (the
// primary key), so a batch the client sends again after a lost answer is not counted twice. `received_at` is the
// server's clock (the console's time axis), `client_time` what the page said. The two indexes serve the console's
// queries: a project's events over a time range, and one event of a project over a time range.
// `browser` is a coarse family from the User-Agent; `country` is set only when the operator configures a lookup.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('props', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('client_time', 'timestamptz', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('browser', 'text')
    .addColumn('country', 'text')
    .addPrimaryKeyConstraint('analytics_events_pkey', ['project_id', 'event_id'])
    .execute()
  await db.schema
    .createIndex('analytics_events_project_time_idx')
    .on('analytics_events')
    .columns(['project_id', 'received_at'])
    .execute()
  await db.schema
    .createIndex('analytics_events_project_event_time_idx')
    .on('analytics_events')
    .columns(['project_id', 'event', 'received_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute()
}
