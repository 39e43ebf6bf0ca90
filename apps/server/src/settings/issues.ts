/**
 * Turns a setting's valibot issues into the lines the server stops with: one per problem, naming the key (and where
 * inside its value), the value, and what is expected. Values of secret settings are never shown.
 */
import type * as v from 'valibot'
import type { Issue } from '../http/errors.ts'

export interface Masking {
  /** The whole value is a secret (a token, a password, a URL that carries one). */
  secret?: boolean
  /** Fields inside a JSON value that are secrets; the raw JSON text is then hidden as well. */
  secretFields?: readonly string[]
}

export const HIDDEN = 'a value that is not shown (a secret)'

/** `FOYER_PROJECTS[0].allowedOrigins[1]`: the key, then the issue's path inside the value. */
export function issuePath(key: string, issue: v.BaseIssue<unknown>): string {
  let out = key
  for (const item of issue.path ?? []) {
    const k = (item as { key: unknown }).key
    out += typeof k === 'number' ? `[${k}]` : `.${String(k)}`
  }
  return out
}

/** How a value appears in an error line: strings quoted and cut, structures by their kind only. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
  if (Array.isArray(value)) return 'an array'
  if (value !== null && typeof value === 'object') return 'an object'
  return String(value)
}

/**
 * The lines for one setting: `raw` is its value as given (shown for problems with the value as a whole, so a
 * lower-cased or trimmed form never hides what the operator wrote).
 */
export function settingIssues(
  key: string,
  raw: unknown,
  issues: readonly v.BaseIssue<unknown>[],
  masking: Masking = {},
): Issue[] {
  return issues.map((issue) => {
    const path = issue.path ?? []
    const last = path.length ? String((path[path.length - 1] as { key: unknown }).key) : undefined
    const hidden =
      masking.secret === true ||
      (masking.secretFields !== undefined && (last === undefined || masking.secretFields.includes(last)))
    const value = hidden ? HIDDEN : describeValue(path.length ? issue.input : raw)
    return { path: issuePath(key, issue), message: `got ${value}, expected ${issue.message}` }
  })
}
