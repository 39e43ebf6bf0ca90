import { loadConfig, verifyPassword } from '@foyer/server'
import { describe, expect, it } from 'vitest'
import { formatBanner } from './banner.ts'
import {
  consoleUrl,
  DEV_OPERATOR_EMAIL,
  DEV_OPERATOR_PASSWORD,
  DEV_OPERATOR_PASSWORD_HASH,
  withDevOperator,
} from './devOperator.ts'

describe('the local stack’s console operator', () => {
  it('has a hash of its password that the server verifies', async () => {
    expect(await verifyPassword(DEV_OPERATOR_PASSWORD, DEV_OPERATOR_PASSWORD_HASH)).toBe(true)
    expect(await verifyPassword(`${DEV_OPERATOR_PASSWORD}!`, DEV_OPERATOR_PASSWORD_HASH)).toBe(false)
  })

  it('is added to FOYER_CONSOLE_OPERATORS as the server reads it, unless that list names the address already', () => {
    const config = loadConfig(
      {
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: '/nonexistent/data',
        FOYER_CONSOLE_OPERATORS: withDevOperator(JSON.stringify([{ email: 'ops@example.com' }])),
      },
      { repoRoot: '/nonexistent' },
    )
    expect(config.consoleOperators).toEqual([
      { email: 'ops@example.com' },
      { email: DEV_OPERATOR_EMAIL, passwordHash: DEV_OPERATOR_PASSWORD_HASH },
    ])
    const own = JSON.stringify([{ email: 'DEV@foyer.local' }])
    expect(withDevOperator(own)).toBe(own)
    expect(withDevOperator('not json')).toBe('not json')
    expect(JSON.parse(withDevOperator(' '))).toEqual([
      { email: DEV_OPERATOR_EMAIL, passwordHash: DEV_OPERATOR_PASSWORD_HASH },
    ])
  })

  it('is in the banner with the console’s address', () => {
    const banner = formatBanner({
      urls: { chains: [], server: 'http://127.0.0.1:8787', console: consoleUrl('http://127.0.0.1:8787') },
      accounts: [],
      devnet: { chains: [], accounts: [] } as never,
      devnetFile: '/tmp/devnet.json',
      skipped: [],
      startupMs: 1000,
    })
    expect(banner).toMatch(
      /Operator console\s+http:\/\/127\.0\.0\.1:8787\/console\/ {2}\(dev@foyer\.local \/ foyer-dev-operator\)/,
    )
  })
})
