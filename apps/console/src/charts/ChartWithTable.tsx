/**
 * A chart and the numbers behind it: the table is always in the page for screen readers (visually hidden until
 * the operator asks for it with "Show table"), so nothing the chart says is only in pixels.
 */
import { type ReactNode, useId, useState } from 'react'
import { useLocale } from '../locale/locale.tsx'
import { type ChartData, chartRows } from './chartData.ts'
import { UPlotChart } from './UPlotChart.tsx'

export function ChartWithTable({
  title,
  description,
  data,
  categoryHeader,
  testId,
  children,
}: {
  title: string
  description?: string
  data: ChartData
  /** The first column's header: the time, or what the categories are (wallet, method …). */
  categoryHeader: string
  testId?: string
  /** Anything shown under the table (e.g. the latest error examples). */
  children?: ReactNode
}) {
  const { t, locale } = useLocale()
  const id = useId()
  const [tableShown, setTableShown] = useState(false)
  const rows = chartRows(data, locale)
  return (
    <figure className="card chart" aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className="chart-header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button
          type="button"
          className="button small"
          aria-expanded={tableShown}
          aria-controls={`${id}-table`}
          onClick={() => setTableShown(!tableShown)}
        >
          {tableShown ? t('chart.hideTable') : t('chart.showTable')}
        </button>
      </div>
      {description ? <p className="muted">{description}</p> : null}
      {rows.length ? <UPlotChart data={data} locale={locale} /> : <p>{t('analytics.noData')}</p>}
      <div id={`${id}-table`} className={tableShown ? 'table-scroll' : 'visually-hidden'}>
        <table className="data-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeader}</th>
              {data.series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions (buckets, ranked categories)
              <tr key={i}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per series, in series order
                  <td key={j}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {children}
    </figure>
  )
}
