import { useLocale } from '../locale/locale.tsx'
import { Link } from './router.tsx'

/** Settings | Analytics for one project: links, the current one marked with aria-current. */
export function ProjectTabs({ projectId, current }: { projectId: string; current: 'project' | 'analytics' }) {
  const { t } = useLocale()
  return (
    <nav aria-label={t('project.tabs')} className="tabs">
      <Link to={{ page: 'project', projectId }} aria-current={current === 'project' ? 'page' : undefined}>
        {t('project.settings')}
      </Link>
      <Link to={{ page: 'analytics', projectId }} aria-current={current === 'analytics' ? 'page' : undefined}>
        {t('project.analytics')}
      </Link>
    </nav>
  )
}
