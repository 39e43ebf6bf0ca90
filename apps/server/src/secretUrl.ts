import type { Issue } from './http/errors.ts'

/**
 * Checks a connection URL from the environment (DATABASE_URL, REDIS_URL): one of `protocols` (e.g. 'redis:'),
 * with a host. The value itself is left out of the message: it usually carries a password.
 */
export function checkSecretUrl(
  name: string,
  value: string | undefined,
  protocols: readonly string[],
  issues: Issue[],
): void {
  if (value === undefined) return
  let ok = false
  try {
    const u = new URL(value)
    ok = protocols.includes(u.protocol) && u.hostname !== ''
  } catch {
    ok = false
  }
  if (!ok)
    issues.push({ path: name, message: `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL with a host` })
}
