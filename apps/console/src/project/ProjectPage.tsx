import { SOCIAL_PROVIDERS } from '@foyer/core/protocol'
import { useCallback, useEffect, useState } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { PageHeading } from '../app/PageHeading.tsx'
import { ProjectTabs } from '../app/ProjectTabs.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'
import { FeatureSwitches } from './FeatureSwitches.tsx'
import { OriginsEditor } from './OriginsEditor.tsx'
import { RenameForm } from './RenameForm.tsx'
import { SocialCredentialsForm } from './SocialCredentialsForm.tsx'
import { SponsorshipForm } from './SponsorshipForm.tsx'

/** The project's settings; there is no single-project GET, so the page reads the list and picks its project. */
export function useProject(projectId: string) {
  const { api } = useConsole()
  const [project, setProject] = useState<ConsoleProject | null | undefined>(undefined)
  const load = useAction(api.listProjects)
  const { run } = load
  useEffect(() => {
    let live = true
    void run().then((projects) => {
      if (live && projects) setProject(projects.find((p) => p.id === projectId) ?? null)
    })
    return () => {
      live = false
    }
  }, [run, projectId])
  return { project, setProject: useCallback((p: ConsoleProject) => setProject(p), []), error: load.error }
}

export function ProjectPage({ projectId }: { projectId: string }) {
  const { t } = useLocale()
  const { project, setProject, error } = useProject(projectId)

  if (project === undefined)
    return (
      <>
        <PageHeading>{projectId}</PageHeading>
        <FormStatus error={error} />
        {error ? null : <p>{t('app.loading')}</p>}
      </>
    )
  if (project === null)
    return (
      <>
        <PageHeading>{projectId}</PageHeading>
        <p role="alert">{t('error.unknown_project')}</p>
      </>
    )
  return (
    <>
      <PageHeading>{project.name}</PageHeading>
      <p className="muted">{t('project.id', { id: project.id })}</p>
      <ProjectTabs projectId={project.id} current="project" />
      <div className="grid">
        <RenameForm project={project} onSaved={setProject} />
        <OriginsEditor project={project} onSaved={setProject} />
        <FeatureSwitches project={project} onSaved={setProject} />
        <SponsorshipForm project={project} onSaved={setProject} />
        <section className="card" aria-labelledby="social-title">
          <h2 id="social-title">{t('social.title')}</h2>
          <p className="muted">{t('social.about')}</p>
          {SOCIAL_PROVIDERS.map((provider) => (
            <SocialCredentialsForm key={provider} project={project} provider={provider} onSaved={setProject} />
          ))}
        </section>
      </div>
    </>
  )
}
