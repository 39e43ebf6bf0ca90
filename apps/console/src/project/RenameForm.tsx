import { type FormEvent, useId, useState } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'

export function RenameForm({ project, onSaved }: { project: ConsoleProject; onSaved(project: ConsoleProject): void }) {
  const { t } = useLocale()
  const { api } = useConsole()
  const id = useId()
  const [name, setName] = useState(project.name)
  const save = useAction(api.updateProject)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const updated = await save.run(project.id, { name: name.trim() })
    if (updated) onSaved(updated)
  }
  return (
    <form className="card form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('rename.title')}</h2>
      <label className="field">
        <span>{t('rename.label')}</span>
        <input name="name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <FormStatus error={save.error} success={save.done ? t('project.saved') : null} />
      <button type="submit" className="button primary" disabled={save.pending || !name.trim()}>
        {save.pending ? t('project.saving') : t('rename.submit')}
      </button>
    </form>
  )
}
