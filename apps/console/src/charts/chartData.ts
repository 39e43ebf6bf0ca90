/** What a chart shows, in a form both the uPlot drawing and the table behind it read. */
export type ChartSeries = { label: string; values: readonly number[] }

export type ChartData =
  /** Values per time bucket (ISO 8601 start of each bucket, oldest first). */
  | { kind: 'time'; at: readonly string[]; bucket: 'hour' | 'day'; series: readonly ChartSeries[] }
  /** Values per named category (a wallet, a method, a network …), drawn as bars. */
  | { kind: 'categories'; categories: readonly string[]; series: readonly ChartSeries[] }

/** A bucket's start as the operator reads it: the hour for hourly buckets, the date for daily ones. */
export function formatBucket(at: string, bucket: 'hour' | 'day', locale: string): string {
  const date = new Date(at)
  return bucket === 'hour'
    ? new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      }).format(date)
    : new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date)
}

/** A short axis label: the hour alone for hourly buckets (the day is in the table), the date for daily ones. */
export function formatAxisBucket(at: string, bucket: 'hour' | 'day', locale: string): string {
  const date = new Date(at)
  return bucket === 'hour'
    ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(date)
    : new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date)
}

/** The rows of the table behind a chart: one a bucket or category, a column a series. */
export function chartRows(data: ChartData, locale: string): { label: string; values: number[] }[] {
  const labels =
    data.kind === 'time' ? data.at.map((at) => formatBucket(at, data.bucket, locale)) : [...data.categories]
  return labels.map((label, i) => ({ label, values: data.series.map((s) => s.values[i] ?? 0) }))
}
