/** `foyer-server operator …` on the configured database (embedded, then Postgres), then a sign-in with what it made. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/index.ts'
import { createScratchDatabase, type ScratchDatabase } from '../../test/backends.ts'
import { probePostgresFor } from '../../test/eachBackend.ts'
import { CONSOLE_ORIGIN } from '../consoleTestKit.ts'
import { runOperatorCommand } from './operatorCommand.ts'
import { verifyPassword } from './password.ts'

const PASSWORD = 'twelve chars and more'

async function run(argv: string[], env: Record<string, string>, stdin = '') {
  const out: string[] = []
  const err: string[] = []
  const code = await runOperatorCommand(argv, {
    env: { FOYER_DEVNET_FILE: '/nonexistent/devnet.json', ...env },
    stdin: (async function* () {
      yield stdin
    })(),
    log: (line) => out.push(line),
    error: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const postgres = await probePostgresFor('operatorCommand.test.ts', { requiredInCi: true })
const backends: [string, () => Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>][] = [
  [
    'embedded (PGlite)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'foyer-operator-cli-'))
      return { env: { FOYER_DATA_DIR: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) }
    },
  ],
]
if (postgres.available)
  backends.push([
    'Postgres',
    async () => {
      const scratch: ScratchDatabase = await createScratchDatabase(postgres.adminUrl)
      return { env: { DATABASE_URL: scratch.url }, cleanup: () => scratch.drop() }
    },
  ])

for (const [name, open] of backends) {
  describe(`foyer-server operator, ${name}`, () => {
    let target: Awaited<ReturnType<(typeof backends)[number][1]>>
    beforeAll(async () => {
      target = await open()
    })
    afterAll(() => target?.cleanup())

    it('adds an operator with a password from stdin, who can then sign in to the console', async () => {
      const added = await run(['add', 'Ops@Example.com', '--password-stdin'], target.env, `${PASSWORD}\n`)
      expect(added).toMatchObject({ code: 0, out: expect.stringContaining('Added ops@example.com') })
      expect(await run(['add', 'x@example.com'], target.env)).toMatchObject({ code: 0 })
      expect(await run(['add', 'OPS@example.com'], target.env)).toMatchObject({
        code: 1,
        err: expect.stringContaining('already exists'),
      })
      expect(await run(['list'], target.env)).toMatchObject({
        code: 0,
        out: 'ops@example.com  password\nx@example.com  link only',
      })

      // The server, on the same database, signs the operator in with that password.
      const config = loadConfig(
        { ...target.env, FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_PUBLIC_URL: CONSOLE_ORIGIN },
        { repoRoot: '/nonexistent' },
      )
      const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir })
      try {
        const app = createApp({ db: database, config })
        const signIn = (password: string) =>
          app.request(`${CONSOLE_ORIGIN}/console/api/session`, {
            method: 'POST',
            headers: { origin: CONSOLE_ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'ops@example.com', password }),
          })
        expect((await signIn(PASSWORD)).status).toBe(200)
        expect((await signIn(`${PASSWORD}\n`)).status).toBe(401)
      } finally {
        await database.close()
      }

      expect(await run(['remove', 'x@example.com'], target.env)).toMatchObject({ code: 0 })
      expect(await run(['remove', 'x@example.com'], target.env)).toMatchObject({
        code: 1,
        err: 'No operator x@example.com',
      })
      expect((await run(['list'], target.env)).out).toBe('ops@example.com  password')
    }, 120_000)
  })
}

describe('foyer-server operator, input checks (nothing opened)', () => {
  const env = { FOYER_DATA_DIR: '/nonexistent/never-opened' }
  it('refuses a short password, a bad address and bad usage before touching the database', async () => {
    expect(await run(['add', 'a@example.com', '--password-stdin'], env, 'elevenchars\n')).toMatchObject({
      code: 65,
      err: 'The password must be at least 12 characters long',
    })
    expect(await run(['add', 'not an address'], env)).toMatchObject({ code: 65 })
    expect((await run(['add'], env)).code).toBe(64)
    expect((await run(['list', '--password-stdin'], env)).code).toBe(64)
    expect((await run(['frobnicate'], env)).code).toBe(64)
    expect((await run([], env)).code).toBe(64)
  })

  it('hash prints a hash of the password on stdin', async () => {
    const { code, out } = await run(['hash'], env, `${PASSWORD}\n`)
    expect(code).toBe(0)
    expect(await verifyPassword(PASSWORD, out)).toBe(true)
  })
})
