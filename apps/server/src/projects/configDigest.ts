import { createHash } from 'node:crypto'
import type { ProjectInput } from './model.ts'

/**
 * The SHA-256 (hex) of a configured project's settings, independent of the order of keys in the operator's JSON:
 * a start writes a FOYER_PROJECTS entry again only when this changes (ProjectStore.applyConfigured).
 */
export function configDigest(input: ProjectInput): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(input)))
    .digest('hex')
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, sortKeys(v)]),
  )
}
