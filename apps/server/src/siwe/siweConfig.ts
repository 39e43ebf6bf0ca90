import type { Issue } from '../http/errors.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export interface SiweConfig {
  /**
   * FOYER_SIWE_KEY_ROTATION_DAYS (default 30): a new signing key once the newest is older than this. 0 makes a new
   * key at every sign-in (for tests of rotation, not for a server people use).
   */
  keyRotationMs: number
  /**
   * FOYER_SIWE_KEY_SECRET: when set, the signing keys' private halves are stored encrypted with a key derived from
   * it (AES-256-GCM). Secret: never logged. Unset: stored as plain JWK (the database is then the secret).
   */
  keySecret?: string
}

type Get = (name: string) => string | undefined

/** Reads the sign-in-with-Ethereum settings (docs/configuration.md); problems go to `issues`. */
export function parseSiweConfig(get: Get, issues: Issue[]): SiweConfig {
  let keyRotationMs = 30 * DAY_MS
  const rawDays = get('FOYER_SIWE_KEY_ROTATION_DAYS')
  if (rawDays !== undefined) {
    const n = /^\d{1,4}$/.test(rawDays) ? Number(rawDays) : NaN
    if (!(n >= 0 && n <= 3650))
      issues.push({
        path: 'FOYER_SIWE_KEY_ROTATION_DAYS',
        message: `must be a whole number of days from 0 to 3650 (got ${JSON.stringify(rawDays)})`,
      })
    else keyRotationMs = n * DAY_MS
  }
  const keySecret = get('FOYER_SIWE_KEY_SECRET')
  // The value is a secret: only its shape is reported.
  if (keySecret !== undefined && !/^[\x21-\x7e]{32,512}$/.test(keySecret)) {
    issues.push({ path: 'FOYER_SIWE_KEY_SECRET', message: 'must be 32 to 512 printable characters without spaces' })
    return { keyRotationMs }
  }
  return { keyRotationMs, keySecret }
}
