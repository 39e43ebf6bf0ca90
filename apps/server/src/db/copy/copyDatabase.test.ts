import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedKit, startEmbeddedKit } from '../../embedded/embeddedTestKit.ts'
import { NameStore } from '../../names/nameStore.ts'
import { withNameTables } from '../../names/nameTables.ts'
import { BACKEND_TIMEOUT_MS, createScratchDatabase, openTestPGlite, type ScratchDatabase } from '../../test/backends.ts'
import { probePostgresFor } from '../../test/eachBackend.ts'
import { openDatabase } from '../index.ts'
import { runDbCommand } from './dbCommand.ts'

// The embedded database of a server that has been used (email logins with linked wallets, names), copied into Postgres
// with the command an operator runs, then served by a server on the copy.
const postgres = await probePostgresFor('copyDatabase.test.ts', { requiredInCi: true })

const SITE = 'http://127.0.0.1:5173'
const LABEL = `copy-${randomBytes(3).toString('hex')}`

/** Runs one of Postgres's client programs (Debian's postgresql-client), failing with what it printed. */
function run(program: string, args: string[]) {
  return new Promise<void>((resolve, reject) =>
    execFile(program, args, (error, _stdout, stderr) =>
      error
        ? reject(
            new Error(
              (error as NodeJS.ErrnoException).code === 'ENOENT'
                ? `${program} is not installed: apt-get install -y postgresql-client`
                : `${program} failed: ${stderr}`,
            ),
          )
        : resolve(),
    ),
  )
}

function output() {
  const lines: string[] = []
  return { lines, log: (line: string) => lines.push(line), error: (line: string) => lines.push(`error: ${line}`) }
}

describe.runIf(postgres.available)('foyer-server db copy', () => {
  let source: EmbeddedKit
  let target: ScratchDatabase
  let session: { token: string; user: { id: string } }
  let address: string

  beforeAll(async () => {
    source = await startEmbeddedKit(openTestPGlite)
    const login = await source.login(`copy-${randomBytes(3).toString('hex')}@example.com`)
    const wallet = await source.signedWallet(login.user.id, `01${randomBytes(32).toString('hex')}`)
    const linked = await source.call('/v1/embedded/wallet', wallet, { authorization: `Bearer ${login.token}` })
    expect(linked.status).toBe(200)
    address = wallet.address.toLowerCase()
    session = { token: login.token, user: login.user }
    await new NameStore(withNameTables(source.t.database.kysely)).register({
      name: `${LABEL}.foyer.id`,
      address,
      coinType: 60,
      attributes: {},
      signedAt: new Date(),
      message: 'signed registration',
      signature: `0x${'11'.repeat(65)}`,
      projectId: 'foyer-demo',
    })
    // The copy opens the folder itself: the server that used it has stopped.
    await source.t.database.close()
    target = await createScratchDatabase()
  }, BACKEND_TIMEOUT_MS)

  afterAll(async () => {
    await source?.close()
    await target?.drop()
  })

  it(
    'copies every table, checked by counts and checksums, and a server on the copy serves the same session and name',
    async () => {
      const out = output()
      expect(await runDbCommand(['copy', '--from', source.t.dataDir!, '--to', target.url], out)).toBe(0)
      expect(out.lines.at(-1)).toMatch(/^Done: \d+ tables, \d+ rows, counts and checksums equal on both sides\.$/)
      expect(out.lines.some((line) => /^ {2}embedded_sessions: 1 rows, checksum [0-9a-f]{32}$/.test(line))).toBe(true)

      const kit = await startEmbeddedKit(async () => {
        const database = await openDatabase({ databaseUrl: target.url })
        return { database, openMs: 0, cleanup: () => database.close() }
      })
      try {
        const me = await kit.json(
          await kit.call('/v1/embedded/session', undefined, { authorization: `Bearer ${session.token}` }),
        )
        expect(me.status).toBe(200)
        expect(me.body.user).toMatchObject({ id: session.user.id, address })
        const name = await kit.json(
          await kit.call(`/v1/profile/account/${LABEL}.foyer.id`, undefined, { origin: SITE }),
        )
        expect(name.body).toMatchObject({ name: `${LABEL}.foyer.id`, addresses: expect.anything() })
        // The copied serial ids were moved past: a new name gets the next id, not one already taken.
        const next = await new NameStore(withNameTables(kit.t.database.kysely)).register({
          name: `${LABEL}-2.foyer.id`,
          address,
          coinType: 60,
          attributes: {},
          signedAt: new Date(),
          message: 'signed registration',
          signature: `0x${'22'.repeat(65)}`,
          projectId: 'foyer-demo',
        })
        expect(next.name).toBe(`${LABEL}-2.foyer.id`)
      } finally {
        await kit.close()
      }
    },
    BACKEND_TIMEOUT_MS,
  )

  it(
    'refuses a target that holds data, and --replace copies over it',
    async () => {
      const out = output()
      expect(await runDbCommand(['copy', '--from', source.t.dataDir!, '--to', target.url], out)).toBe(1)
      expect(out.lines.at(-1)).toMatch(/^error: The target database already holds data \(.*embedded_users.*\)/)
      const replaced = output()
      expect(await runDbCommand(['copy', '--from', source.t.dataDir!, '--to', target.url, '--replace'], replaced)).toBe(
        0,
      )
      const db = await openDatabase({ databaseUrl: target.url })
      try {
        const names = await sql<{ n: string }>`select count(*) as n from account_names`.execute(db.kysely)
        expect(Number(names.rows[0]!.n)).toBe(1)
      } finally {
        await db.close()
      }
    },
    BACKEND_TIMEOUT_MS,
  )

  it(
    'a Postgres backup restored into a fresh database serves the same session and name (docs/operations.md)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'foyer-dump-'))
      const restored = await createScratchDatabase()
      try {
        const dump = join(dir, 'foyer.dump')
        await run('pg_dump', ['--format=custom', `--file=${dump}`, target.url])
        await run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump])
        const kit = await startEmbeddedKit(async () => {
          const database = await openDatabase({ databaseUrl: restored.url })
          return { database, openMs: 0, cleanup: () => database.close() }
        })
        try {
          const me = await kit.call('/v1/embedded/session', undefined, { authorization: `Bearer ${session.token}` })
          expect(((await me.json()) as { user: unknown }).user).toMatchObject({ id: session.user.id, address })
          const name = await kit.call(`/v1/profile/account/${LABEL}.foyer.id`, undefined, { origin: SITE })
          expect(await name.json()).toMatchObject({ name: `${LABEL}.foyer.id` })
        } finally {
          await kit.close()
        }
      } finally {
        await restored.drop()
        await rm(dir, { recursive: true, force: true })
      }
    },
    BACKEND_TIMEOUT_MS,
  )

  it('answers a usage error for missing or wrong arguments, and names a folder without a database', async () => {
    const out = output()
    expect(await runDbCommand(['copy', '--from', source.t.dataDir!], out)).toBe(64)
    expect(await runDbCommand(['copy', '--from', source.t.dataDir!, '--to', 'mysql://x'], out)).toBe(64)
    expect(await runDbCommand(['move'], out)).toBe(64)
    expect(await runDbCommand(['copy', '--from', '/nonexistent', '--to', target.url], out)).toBe(1)
    expect(out.lines.at(-1)).toBe(
      'error: No embedded database in /nonexistent (expected a data folder holding pglite/, or the pglite folder)',
    )
  })
})
