import { describe, expect, it } from 'vitest'
import { ConfigError, describeConfig, loadConfig } from '../config.ts'

const load = (env: Record<string, string> = {}) => loadConfig(env, { repoRoot: null, cwd: '/nonexistent' })
const DAY_MS = 24 * 60 * 60 * 1000
const SECRET = 'correct-horse-battery-staple-0123456789'

describe('sign-in with Ethereum settings', () => {
  it('rotates the signing key every 30 days unless FOYER_SIWE_KEY_ROTATION_DAYS says otherwise (0 to 3650)', () => {
    expect(load().siwe).toEqual({ keyRotationMs: 30 * DAY_MS, keySecret: undefined })
    expect(load({ FOYER_SIWE_KEY_ROTATION_DAYS: '7' }).siwe.keyRotationMs).toBe(7 * DAY_MS)
    expect(load({ FOYER_SIWE_KEY_ROTATION_DAYS: '0' }).siwe.keyRotationMs).toBe(0)
    for (const bad of ['-1', '3651', '1.5', 'monthly', '99999']) {
      expect(() => load({ FOYER_SIWE_KEY_ROTATION_DAYS: bad }), bad).toThrow(ConfigError)
      expect(() => load({ FOYER_SIWE_KEY_ROTATION_DAYS: bad }), bad).toThrow(
        /FOYER_SIWE_KEY_ROTATION_DAYS: got .*, expected a whole number of days from 0 to 3650/,
      )
    }
  })

  it('takes FOYER_SIWE_KEY_SECRET of 32 to 512 printable characters, and never repeats it', () => {
    const config = load({ FOYER_SIWE_KEY_SECRET: SECRET })
    expect(config.siwe.keySecret).toBe(SECRET)
    expect(JSON.stringify(describeConfig(config))).not.toContain(SECRET)
    expect(describeConfig(config).siweKeys).toBe('encrypted at rest')
    expect(describeConfig(load()).siweKeys).toMatch(/unencrypted/)
    const short = 'short secret with spaces'
    expect(() => load({ FOYER_SIWE_KEY_SECRET: short })).toThrow(
      /FOYER_SIWE_KEY_SECRET: got a value that is not shown \(a secret\), expected 32 to 512/,
    )
    expect(() => load({ FOYER_SIWE_KEY_SECRET: short })).not.toThrow(/short secret/)
  })
})
