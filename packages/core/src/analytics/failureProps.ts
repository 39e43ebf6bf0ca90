/**
 * A failure as an event carries it: the typed error's code (never its message) and whether the person refused. Its own
 * module, free of the event list, because the page's entry (the connect action) uses it.
 */
import { isUserRejection } from '../errors/errors.ts'

export function failureProps(error: unknown): { code?: string; rejected: boolean } {
  const code = (error as { code?: unknown } | null)?.code
  const text =
    typeof code === 'string' && /^[\w.:-]{1,64}$/.test(code)
      ? code
      : typeof code === 'number' && Number.isSafeInteger(code)
        ? String(code)
        : undefined
  return { code: text, rejected: isUserRejection(error) }
}
