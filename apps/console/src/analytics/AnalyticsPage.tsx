import { useCallback, useEffect, useMemo, useState } from 'react'
import { ANALYTICS_RANGES, type AnalyticsRange, type AnalyticsReport } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { PageHeading } from '../app/PageHeading.tsx'
import { ProjectTabs } from '../app/ProjectTabs.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'
import { AnalyticsCharts } from './AnalyticsCharts.tsx'

export function AnalyticsPage({ projectId }: { projectId: string }) {
  const { t, locale } = useLocale()
  const { api } = useConsole()
  const [range, setRange] = useState<AnalyticsRange>('day')
  const [report, setReport] = useState<AnalyticsReport | null>(null)
  const load = useAction(api.analytics)
  const { run } = load
  const refresh = useCallback(async () => {
    const result = await run(projectId, range)
    if (result) setReport(result)
  }, [run, projectId, range])
  useEffect(() => {
    void refresh()
  }, [refresh])

  const period = useMemo(() => {
    if (!report) return null
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    return t('analytics.period', {
      from: format.format(new Date(report.from)),
      to: `${format.format(new Date(report.to))} UTC`,
    })
  }, [report, t, locale])

  return (
    <>
      <PageHeading>{`${t('analytics.title')}: ${projectId}`}</PageHeading>
      <ProjectTabs projectId={projectId} current="analytics" />
      <div className="toolbar">
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('analytics.range')}</legend>
          {ANALYTICS_RANGES.map((value) => (
            <button
              key={value}
              type="button"
              className="button"
              aria-pressed={range === value}
              onClick={() => setRange(value)}
            >
              {t(`analytics.range.${value}`)}
            </button>
          ))}
        </fieldset>
        <button type="button" className="button" onClick={() => void refresh()} disabled={load.pending}>
          {t('analytics.refresh')}
        </button>
        <p className="muted" aria-live="polite">
          {load.pending ? t('app.loading') : period}
        </p>
      </div>
      <FormStatus error={load.error} />
      {report ? <AnalyticsCharts report={report} /> : null}
    </>
  )
}
