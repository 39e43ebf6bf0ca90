import { type Kysely, sql } from 'kysely'

// The anonymous visit of an analytics event: a UUID the modal's sender draws once per browser tab session
// (`visitId` on the wire), null for events from senders older than it. The console counts the visits that opened
// the modal and, of them, the ones that chose a wallet and connected: those queries read one project's MODAL_OPEN,
// SELECT_WALLET and CONNECT_SUCCESS over a range of `received_at` and group them by visit. The index by project,
// event and receive time (0013) is replaced by the same one carrying `visit_id`, so they are answered from the index
// alone; the table keeps two secondary indexes, as each insert pays for every one of them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytics_events').addColumn('visit_id', 'uuid').execute()
  await sql`create index analytics_events_project_event_time_visit_idx
    on analytics_events (project_id, event, received_at) include (visit_id)`.execute(db)
  await db.schema.dropIndex('analytics_events_project_event_time_idx').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('analytics_events_project_event_time_idx')
    .on('analytics_events')
    .columns(['project_id', 'event', 'received_at'])
    .execute()
  await db.schema.dropIndex('analytics_events_project_event_time_visit_idx').execute()
  await db.schema.alterTable('analytics_events').dropColumn('visit_id').execute()
}
