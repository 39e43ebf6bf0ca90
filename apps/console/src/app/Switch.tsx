import type { ReactNode } from 'react'

/** An on/off control: a checkbox with the switch role, labelled by its text, described by `describedBy` when given. */
export function Switch({
  name,
  checked,
  onChange,
  describedBy,
  children,
}: {
  name: string
  checked: boolean
  onChange(checked: boolean): void
  /** The id of the text that says more (e.g. why switching it on does nothing yet). */
  describedBy?: string
  children: ReactNode
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        name={name}
        checked={checked}
        aria-checked={checked}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  )
}
