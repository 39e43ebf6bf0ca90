import { useId, useState } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { ListEditor } from '../app/ListEditor.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'
import { normalizeOrigin } from './origins.ts'

/** The allowed origins as a list: add and remove locally, then save the whole list in one PATCH. */
export function OriginsEditor({
  project,
  onSaved,
}: {
  project: ConsoleProject
  onSaved(project: ConsoleProject): void
}) {
  const { t } = useLocale()
  const { api } = useConsole()
  const id = useId()
  const [origins, setOrigins] = useState(project.allowedOrigins)
  const save = useAction(api.updateProject)
  const unsaved = origins.join('\n') !== project.allowedOrigins.join('\n')

  const change = (next: string[]) => {
    save.reset()
    setOrigins(next)
  }
  const submit = async () => {
    const updated = await save.run(project.id, { allowedOrigins: origins })
    if (updated) {
      setOrigins(updated.allowedOrigins)
      onSaved(updated)
    }
  }

  return (
    <section className="card form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('origins.title')}</h2>
      <p className="muted">{t('origins.about')}</p>
      <ListEditor
        items={origins}
        onChange={change}
        normalize={normalizeOrigin}
        input={{ name: 'origin', type: 'url', inputMode: 'url', placeholder: 'https://shop.example' }}
        messages={{
          listLabel: t('origins.listLabel'),
          none: t('origins.none'),
          addLabel: t('origins.addLabel'),
          addHint: t('origins.addHint'),
          add: t('origins.add'),
          remove: (origin) => t('origins.remove', { origin }),
          invalid: (origin) => t('origins.invalid', { origin }),
          duplicate: (origin) => t('origins.duplicate', { origin }),
        }}
      />
      <FormStatus error={save.error} success={save.done && !unsaved ? t('project.saved') : null} />
      {unsaved ? <p className="muted">{t('project.unsaved')}</p> : null}
      <button type="button" className="button primary" onClick={submit} disabled={save.pending || !unsaved}>
        {save.pending ? t('project.saving') : t('origins.submit')}
      </button>
    </section>
  )
}
