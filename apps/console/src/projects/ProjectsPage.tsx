import { useCallback, useEffect, useState } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { PageHeading } from '../app/PageHeading.tsx'
import { Link } from '../app/router.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'
import { CreateProjectForm } from './CreateProjectForm.tsx'

export function ProjectsPage() {
  const { t } = useLocale()
  const { api } = useConsole()
  const [projects, setProjects] = useState<ConsoleProject[] | null>(null)
  const list = useAction(api.listProjects)
  const { run } = list
  const load = useCallback(async () => {
    const result = await run()
    if (result) setProjects(result)
  }, [run])
  useEffect(() => {
    void load()
  }, [load])

  return (
    <>
      <PageHeading>{t('projects.title')}</PageHeading>
      <FormStatus error={list.error} />
      {projects === null ? (
        list.pending ? (
          <p>{t('app.loading')}</p>
        ) : null
      ) : projects.length === 0 ? (
        <p>{t('projects.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t('projects.listLabel')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('projects.name')}</th>
                <th scope="col">{t('projects.id')}</th>
                <th scope="col">{t('projects.origins')}</th>
                <th scope="col">{t('projects.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {projects.map((project) => (
                <tr key={project.id} data-testid={`project-row-${project.id}`}>
                  <th scope="row">{project.name}</th>
                  <td>
                    <code>{project.id}</code>
                  </td>
                  <td>{project.allowedOrigins.length ? project.allowedOrigins.join(', ') : t('projects.noOrigins')}</td>
                  <td className="row-actions">
                    <Link
                      to={{ page: 'project', projectId: project.id }}
                      aria-label={t('projects.settingsOf', { name: project.name })}
                    >
                      {t('projects.settings')}
                    </Link>
                    <Link
                      to={{ page: 'analytics', projectId: project.id }}
                      aria-label={t('projects.analyticsOf', { name: project.name })}
                    >
                      {t('projects.analytics')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateProjectForm onCreated={(project) => setProjects((current) => [...(current ?? []), project])} />
    </>
  )
}
