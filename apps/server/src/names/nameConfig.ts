import { DEFAULT_NAMES_SUFFIX } from '@foyer/core/protocol'
import type { Issue } from '../http/errors.ts'

/** FOYER_NAMES_SUFFIX: what account names end with, `alice.<suffix>` (default `foyer.id`), lower-case. */
export function parseNamesSuffix(get: (name: string) => string | undefined, issues: Issue[]): string {
  let namesSuffix = DEFAULT_NAMES_SUFFIX
  const rawSuffix = get('FOYER_NAMES_SUFFIX')
  if (rawSuffix !== undefined) {
    const lower = rawSuffix.toLowerCase().replace(/^\./, '')
    if (
      lower.length > 180 ||
      !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(lower)
    )
      issues.push({
        path: 'FOYER_NAMES_SUFFIX',
        message: `must be a domain name such as foyer.id: dot-separated labels of letters, digits and hyphens (got ${JSON.stringify(rawSuffix)})`,
      })
    else namesSuffix = lower
  }
  return namesSuffix
}
