/**
 * `foyer-server db copy --from <folder> --to <postgres url> [--replace]`: moves an installation from the embedded
 * database to Postgres (copyDatabase.ts). The server must be stopped first: the folder admits one process at a time,
 * and a copy taken while it still writes would miss the last writes.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Kysely } from 'kysely'
import { redactUrl } from '../../log.ts'
import { openDatabase } from '../index.ts'
import { CopyMismatchError, copyDatabase, TargetNotEmptyError } from './copyDatabase.ts'

export const DB_USAGE = `Usage: foyer-server db copy --from <folder> --to <postgres url> [--replace]

  --from <folder>   The embedded database: the server's data folder (FOYER_DATA_DIR) or its pglite folder.
                    Stop the server that uses it first.
  --to <url>        The Postgres database to fill (postgres://…). Its schema is brought up to date first.
  --replace         Empty the target's tables before copying (without it, a target holding any row is refused).

Every table is copied in one transaction and checked by row counts and checksums before it commits.`

/** The PGlite folder inside `dir` (a data folder holds it as `pglite/`), or undefined when there is none. */
export function pgliteFolder(dir: string): string | undefined {
  if (existsSync(join(dir, 'pglite', 'PG_VERSION'))) return join(dir, 'pglite')
  if (existsSync(join(dir, 'PG_VERSION'))) return dir
  return undefined
}

type Output = { log: (line: string) => void; error: (line: string) => void }

/** Runs `db <subcommand>`; answers the process's exit code (0 done, 64 usage, 1 refused or failed). */
export async function runDbCommand(argv: readonly string[], out: Output = console): Promise<number> {
  const [subcommand, ...rest] = argv
  if (subcommand !== 'copy') {
    out.error(subcommand ? `Unknown command "db ${subcommand}".\n\n${DB_USAGE}` : DB_USAGE)
    return 64
  }
  let values: { from?: string; to?: string; replace?: boolean }
  try {
    values = parseArgs({
      args: [...rest],
      strict: true,
      allowPositionals: false,
      options: { from: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean' } },
    }).values
  } catch (e) {
    out.error(`${(e as Error).message}\n\n${DB_USAGE}`)
    return 64
  }
  if (!values.from || !values.to) {
    out.error(`Both --from and --to are required.\n\n${DB_USAGE}`)
    return 64
  }
  if (!/^postgres(ql)?:\/\//.test(values.to)) {
    out.error('--to must be a Postgres URL (postgres://user@host:5432/database)')
    return 64
  }
  const folder = pgliteFolder(values.from)
  if (!folder) {
    out.error(`No embedded database in ${values.from} (expected a data folder holding pglite/, or the pglite folder)`)
    return 1
  }

  let source: Awaited<ReturnType<typeof openDatabase>> | undefined
  let target: Awaited<ReturnType<typeof openDatabase>> | undefined
  try {
    source = await openDatabase({ pgliteDir: folder })
    target = await openDatabase({ databaseUrl: values.to, poolMax: 2 })
    out.log(`Copying ${folder} to ${redactUrl(values.to)}`)
    const report = await copyDatabase(source.kysely as Kysely<object>, target.kysely as Kysely<object>, {
      replace: values.replace === true,
      onTable: ({ table, rows, checksum }) => out.log(`  ${table}: ${rows} rows, checksum ${checksum || '-'}`),
    })
    out.log(`Done: ${report.tables.length} tables, ${report.rows} rows, counts and checksums equal on both sides.`)
    return 0
  } catch (e) {
    if (e instanceof TargetNotEmptyError || e instanceof CopyMismatchError) out.error(e.message)
    else out.error(`The copy failed and wrote nothing: ${(e as Error).message}`)
    return 1
  } finally {
    await Promise.all([source?.close(), target?.close()])
  }
}
