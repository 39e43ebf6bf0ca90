import { type FormEvent, useId, useState } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { useAction } from '../app/useAction.ts'
import { useLocale } from '../locale/locale.tsx'
import { normalizeOrigin } from '../project/origins.ts'

/** The server's project id rule (apps/server/src/projects/model.ts, PROJECT_ID_PATTERN), checked before sending. */
const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

export function CreateProjectForm({ onCreated }: { onCreated(project: ConsoleProject): void }) {
  const { t } = useLocale()
  const { api } = useConsole()
  const ids = useId()
  const [id, setId] = useState('')
  const [name, setName] = useState('')
  const [origins, setOrigins] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const [created, setCreated] = useState<string | null>(null)
  const create = useAction(api.createProject)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setCreated(null)
    const projectId = id.trim()
    if (!PROJECT_ID.test(projectId)) return setInvalid(t('create.idInvalid'))
    const lines = origins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    const allowedOrigins: string[] = []
    for (const line of lines) {
      const origin = normalizeOrigin(line)
      if (!origin) return setInvalid(t('origins.invalid', { origin: line }))
      if (!allowedOrigins.includes(origin)) allowedOrigins.push(origin)
    }
    setInvalid(null)
    const project = await create.run({
      id: projectId,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(allowedOrigins.length ? { allowedOrigins } : {}),
    })
    if (project) {
      setId('')
      setName('')
      setOrigins('')
      setCreated(project.id)
      onCreated(project)
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h2 id={`${ids}-title`}>{t('create.title')}</h2>
      <label className="field">
        <span>{t('create.id')}</span>
        <input
          name="id"
          required
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${ids}-id-hint`}
          aria-invalid={invalid === t('create.idInvalid') || undefined}
          value={id}
          onChange={(e) => setId(e.target.value)}
        />
        <small id={`${ids}-id-hint`}>{t('create.idHint')}</small>
      </label>
      <label className="field">
        <span>{t('create.name')}</span>
        <input name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('create.origins')}</span>
        <textarea
          name="origins"
          rows={3}
          spellCheck={false}
          aria-describedby={`${ids}-origins-hint`}
          value={origins}
          onChange={(e) => setOrigins(e.target.value)}
        />
        <small id={`${ids}-origins-hint`}>{t('origins.addHint')}</small>
      </label>
      <FormStatus error={invalid ?? create.error} success={created ? t('create.created', { id: created }) : null} />
      <button type="submit" className="button primary" disabled={create.pending}>
        {create.pending ? t('create.submitting') : t('create.submit')}
      </button>
    </form>
  )
}
