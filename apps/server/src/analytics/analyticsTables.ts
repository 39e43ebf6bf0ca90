import type { ColumnType, Generated, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Row types of migrations 0013_analytics_events and 0016_analytics_visits, added to the shared `Database` type where they are used. */
export type AnalyticsTables = {
  analytics_events: {
    project_id: string
    event_id: string
    event: string
    type: 'track' | 'error'
    /** jsonb: the event's props as sent (checked against the event list). */
    props: ColumnType<Record<string, string | number | boolean>, string, string>
    url: string
    domain: string
    client_time: Date
    received_at: Generated<Date>
    browser: string | null
    country: string | null
    /** The tab session's anonymous visit (0016); null for events sent without one. */
    visit_id: string | null
  }
}

export type AnalyticsDb = Kysely<Database & AnalyticsTables>
