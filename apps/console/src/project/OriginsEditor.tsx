import { type FormEvent, useId, useState } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
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
  const [draft, setDraft] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const save = useAction(api.updateProject)
  const unsaved = origins.join('\n') !== project.allowedOrigins.join('\n')

  const add = (event: FormEvent) => {
    event.preventDefault()
    if (!draft.trim()) return
    const origin = normalizeOrigin(draft)
    if (!origin) return setInvalid(t('origins.invalid', { origin: draft.trim() }))
    if (origins.includes(origin)) return setInvalid(t('origins.duplicate', { origin }))
    setInvalid(null)
    save.reset()
    setOrigins([...origins, origin])
    setDraft('')
  }
  const remove = (origin: string) => {
    save.reset()
    setOrigins(origins.filter((o) => o !== origin))
    document.getElementById(`${id}-draft`)?.focus()
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
      {origins.length === 0 ? (
        <p>{t('origins.none')}</p>
      ) : (
        <ul className="origin-list" aria-label={t('origins.listLabel')}>
          {origins.map((origin) => (
            <li key={origin}>
              <code>{origin}</code>
              <button type="button" className="button small" onClick={() => remove(origin)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t('origins.remove', { origin })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={add} noValidate>
        <label className="field">
          <span>{t('origins.addLabel')}</span>
          <input
            id={`${id}-draft`}
            name="origin"
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://shop.example"
            aria-describedby={`${id}-hint`}
            aria-invalid={invalid ? true : undefined}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <small id={`${id}-hint`}>{t('origins.addHint')}</small>
        </label>
        <button type="submit" className="button">
          {t('origins.add')}
        </button>
      </form>
      <FormStatus error={invalid ?? save.error} success={save.done && !unsaved ? t('project.saved') : null} />
      {unsaved ? <p className="muted">{t('origins.unsaved')}</p> : null}
      <button type="button" className="button primary" onClick={submit} disabled={save.pending || !unsaved}>
        {save.pending ? t('project.saving') : t('origins.submit')}
      </button>
    </section>
  )
}
