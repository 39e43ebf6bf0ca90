import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.ts'
import { hashPassword } from './password.ts'

const load = (value: string) =>
  loadConfig(
    {
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_CONSOLE_OPERATORS: value,
    },
    { repoRoot: '/nonexistent' },
  )

describe('FOYER_CONSOLE_OPERATORS', () => {
  it('takes addresses (case-folded) and optional scrypt hashes', async () => {
    const hash = await hashPassword('a password of twelve', { ln: 10, r: 8, p: 1 })
    expect(
      load(JSON.stringify([{ email: 'Ops@Example.com', passwordHash: hash }, { email: 'b@example.com' }]))
        .consoleOperators,
    ).toEqual([{ email: 'ops@example.com', passwordHash: hash }, { email: 'b@example.com' }])
  })

  it('refuses a plain password, a bad address or an unknown field, without showing the value', () => {
    let error: unknown
    try {
      load(
        JSON.stringify([
          { email: 'nope', passwordHash: 'hunter2-plain-password' },
          { email: 'a@example.com', password: 'x' },
        ]),
      )
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain('FOYER_CONSOLE_OPERATORS[0].email')
    expect(message).toContain('FOYER_CONSOLE_OPERATORS[0].passwordHash')
    expect(message).toContain('FOYER_CONSOLE_OPERATORS[1]')
    expect(message).not.toContain('hunter2')
  })
})
