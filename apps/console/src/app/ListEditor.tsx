import { type FormEvent, type HTMLAttributes, useId, useState } from 'react'

/** What a list editor says: the list, its empty state, the field to add with, and its refusals. */
export interface ListEditorMessages {
  listLabel: string
  none: string
  addLabel: string
  addHint: string
  add: string
  remove(item: string): string
  invalid(input: string): string
  duplicate(item: string): string
}

/**
 * A list of strings edited in place: each item shown with a remove button, a field to add more (several at once,
 * separated by spaces, commas or lines). Every entry goes through `normalize` (null: refused, with the reason in an
 * alert and the field marked invalid); nothing is added when one entry is refused. The parent keeps the list and
 * saves it; this only changes it through `onChange`.
 */
export function ListEditor({
  items,
  onChange,
  normalize,
  messages,
  input,
  disabled,
}: {
  items: readonly string[]
  onChange(items: string[]): void
  normalize(input: string): string | null
  messages: ListEditorMessages
  /** The add field's name, type, input mode and placeholder. */
  input: { name: string; type?: string; inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']; placeholder: string }
  disabled?: boolean
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)

  const add = (event: FormEvent) => {
    event.preventDefault()
    const entries = draft.split(/[\s,]+/).filter(Boolean)
    if (entries.length === 0) return
    const added: string[] = []
    for (const entry of entries) {
      const item = normalize(entry)
      if (!item) return setInvalid(messages.invalid(entry))
      if (items.includes(item) || added.includes(item)) return setInvalid(messages.duplicate(item))
      added.push(item)
    }
    setInvalid(null)
    onChange([...items, ...added])
    setDraft('')
  }
  const remove = (item: string) => {
    onChange(items.filter((i) => i !== item))
    document.getElementById(`${id}-draft`)?.focus()
  }

  return (
    <>
      {items.length === 0 ? (
        <p>{messages.none}</p>
      ) : (
        <ul className="item-list" aria-label={messages.listLabel}>
          {items.map((item) => (
            <li key={item}>
              <code>{item}</code>
              <button type="button" className="button small" onClick={() => remove(item)} disabled={disabled}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{messages.remove(item)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={add} noValidate>
        <label className="field">
          <span>{messages.addLabel}</span>
          <input
            id={`${id}-draft`}
            name={input.name}
            type={input.type ?? 'text'}
            inputMode={input.inputMode}
            autoComplete="off"
            spellCheck={false}
            placeholder={input.placeholder}
            aria-describedby={invalid ? `${id}-hint ${id}-invalid` : `${id}-hint`}
            aria-invalid={invalid ? true : undefined}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <small id={`${id}-hint`}>{messages.addHint}</small>
        </label>
        <button type="submit" className="button" disabled={disabled}>
          {messages.add}
        </button>
      </form>
      <p id={`${id}-invalid`} role="alert" className={invalid ? 'form-error' : 'visually-hidden'}>
        {invalid ?? ''}
      </p>
    </>
  )
}
