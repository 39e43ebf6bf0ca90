import { ANALYTICS_EVENTS, type AnalyticsEventName } from '@foyer/core/protocol'
import { type RawBuilder, sql } from 'kysely'
import type { AnalyticsRange } from '../contract.ts'

/**
 * The time frame of a report: its buckets in UTC (a day in 24 hours, a week in 7 days, a month in 30 days), the last
 * one the bucket holding `to` (the report's `now`), `from` the start of the first. Events are placed by
 * `received_at`, the server's clock when the batch arrived: a page's clock can be off by hours or years, and the
 * sender sends within seconds of an event (at most 5 s, or at once when the page hides), so the receive time is the
 * event's time to well within a bucket. An event counts when `from <= received_at <= to`.
 */
export type ReportWindow = {
  projectId: string
  range: AnalyticsRange
  bucket: 'hour' | 'day'
  from: Date
  to: Date
  /** The start of the last bucket (the one holding `to`). */
  lastBucket: Date
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const SPANS: Record<AnalyticsRange, { bucket: 'hour' | 'day'; buckets: number }> = {
  day: { bucket: 'hour', buckets: 24 },
  week: { bucket: 'day', buckets: 7 },
  month: { bucket: 'day', buckets: 30 },
}

export function reportWindow(projectId: string, range: AnalyticsRange, now: Date): ReportWindow {
  const { bucket, buckets } = SPANS[range]
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS
  const lastBucket = Math.floor(now.getTime() / size) * size
  return {
    projectId,
    range,
    bucket,
    from: new Date(lastBucket - (buckets - 1) * size),
    to: now,
    lastBucket: new Date(lastBucket),
  }
}

/** The window's rows: one project's events received within it (served by the indexes on project and receive time). */
export function inWindow(w: ReportWindow): RawBuilder<unknown> {
  return sql`project_id = ${w.projectId} and received_at >= ${w.from}::timestamptz and received_at <= ${w.to}::timestamptz`
}

/** The UTC bucket (a `timestamp` in UTC) of a `timestamptz` column. */
export function bucketOf(w: ReportWindow, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`date_trunc(${sql.lit(w.bucket)}, ${column} at time zone 'UTC')`
}

/**
 * Every bucket of the window, oldest first, as a relation `buckets(at)` of UTC `timestamp`s (turn one back into an
 * instant with `at at time zone 'UTC'`). In UTC there is no daylight-saving step: a day is always 24 hours.
 */
export function bucketSeries(w: ReportWindow): RawBuilder<unknown> {
  return sql`generate_series(${w.from}::timestamptz at time zone 'UTC', ${w.lastBucket}::timestamptz at time zone 'UTC',
    ${sql.lit(`1 ${w.bucket}`)}::interval) as buckets(at)`
}

/** The failure events (`*_ERROR`) of the event list. */
export const ERROR_EVENTS = (Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[]).filter((e) => e.endsWith('_ERROR'))

/** `event in (…)` over fixed event names (literals: the planner sees them, and they come from the event list). */
export function eventIn(events: readonly AnalyticsEventName[]): RawBuilder<unknown> {
  return sql`event in (${sql.join(events.map((e) => sql.lit(e)))})`
}
