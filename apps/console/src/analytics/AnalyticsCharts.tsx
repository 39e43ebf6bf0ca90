/** The report's totals, charts (each with its table) and the errors with their latest examples. */
import type { AnalyticsReport } from '../../../server/src/console/contract.ts'
import { ChartWithTable } from '../charts/ChartWithTable.tsx'
import { formatBucket } from '../charts/chartData.ts'
import type { ConsoleMessageKey } from '../locale/en.ts'
import { useLocale } from '../locale/locale.tsx'

const TOTALS: [keyof AnalyticsReport['totals'], ConsoleMessageKey][] = [
  ['visitors', 'analytics.total.visitors'],
  ['opens', 'analytics.total.opens'],
  ['connects', 'analytics.total.connects'],
  ['swaps', 'analytics.total.swaps'],
  ['buys', 'analytics.total.buys'],
  ['errors', 'analytics.total.errors'],
]

export function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const { t, locale } = useLocale()
  const bucket = t(report.bucket === 'hour' ? 'chart.bucket.hour' : 'chart.bucket.day')
  const at = report.funnel.map((row) => row.at)
  const count = t('chart.count')
  return (
    <>
      <section aria-labelledby="totals-title" className="card">
        <h2 id="totals-title">{t('analytics.totals')}</h2>
        <dl className="totals" data-testid="analytics-totals">
          {TOTALS.map(([key, label]) => (
            <div key={key} data-testid={`total-${key}`}>
              <dt>{t(label)}</dt>
              <dd>{report.totals[key]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid charts">
        <ChartWithTable
          testId="chart-visitors"
          title={t('chart.visitors.title')}
          description={t('chart.visitors.about', { bucket })}
          categoryHeader={t('chart.time')}
          data={{
            kind: 'time',
            at,
            bucket: report.bucket,
            series: [{ label: t('chart.visitors.title'), values: report.funnel.map((r) => r.opened) }],
          }}
        />
        <ChartWithTable
          testId="chart-funnel"
          title={t('chart.funnel.title')}
          description={t('chart.funnel.about', { bucket })}
          categoryHeader={t('chart.time')}
          data={{
            kind: 'time',
            at,
            bucket: report.bucket,
            series: [
              { label: t('chart.funnel.opened'), values: report.funnel.map((r) => r.opened) },
              { label: t('chart.funnel.methodChosen'), values: report.funnel.map((r) => r.methodChosen) },
              { label: t('chart.funnel.connected'), values: report.funnel.map((r) => r.connected) },
            ],
          }}
        />
        <ChartWithTable
          testId="chart-wallets"
          title={t('chart.wallets.title')}
          categoryHeader={t('chart.wallets.wallet')}
          data={{
            kind: 'categories',
            categories: report.connectsByWallet.map((r) => r.wallet),
            series: [{ label: count, values: report.connectsByWallet.map((r) => r.count) }],
          }}
        />
        <ChartWithTable
          testId="chart-methods"
          title={t('chart.methods.title')}
          categoryHeader={t('chart.methods.method')}
          data={{
            kind: 'categories',
            categories: report.connectsByMethod.map((r) => r.method),
            series: [{ label: count, values: report.connectsByMethod.map((r) => r.count) }],
          }}
        />
        <ChartWithTable
          testId="chart-networks"
          title={t('chart.networks.title')}
          categoryHeader={t('chart.networks.network')}
          data={{
            kind: 'categories',
            categories: report.networks.map((r) => r.networkId),
            series: [{ label: count, values: report.networks.map((r) => r.count) }],
          }}
        />
        <ChartWithTable
          testId="chart-swaps-buys"
          title={t('chart.swapsAndBuys.title')}
          description={t('chart.swapsAndBuys.about', { bucket })}
          categoryHeader={t('chart.time')}
          data={{
            kind: 'time',
            at: report.swapsAndBuys.map((r) => r.at),
            bucket: report.bucket,
            series: [
              { label: t('chart.swaps'), values: report.swapsAndBuys.map((r) => r.swaps) },
              { label: t('chart.buys'), values: report.swapsAndBuys.map((r) => r.buys) },
            ],
          }}
        />
        <ChartWithTable
          testId="chart-errors"
          title={t('chart.errors.title')}
          categoryHeader={t('chart.errors.kind')}
          data={{
            kind: 'categories',
            categories: report.errors.map((e) => `${e.event} (${e.code ?? t('chart.errors.noCode')})`),
            series: [{ label: count, values: report.errors.map((e) => e.count) }],
          }}
        >
          {report.errors.length ? (
            <>
              <h3>{t('chart.errors.latest')}</h3>
              <ul className="error-examples">
                {report.errors.map((error) => (
                  <li key={`${error.event}:${error.code}`}>
                    <strong>
                      {error.event} ({error.code ?? t('chart.errors.noCode')})
                    </strong>
                    <ul>
                      {error.latest.map((example) => (
                        <li key={`${example.at}:${example.url}`}>
                          {t('chart.errors.example', {
                            at: formatBucket(example.at, 'hour', locale),
                            url: example.url,
                          })}
                          {Object.keys(example.props).length ? (
                            <code className="props">{JSON.stringify(example.props)}</code>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </ChartWithTable>
      </div>
    </>
  )
}
