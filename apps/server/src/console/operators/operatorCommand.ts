/**
 * `foyer-server operator …`: the console's operators from the command line, on the server's configured database
 * (DATABASE_URL, else the embedded one in FOYER_DATA_DIR; migrations run first). With the embedded database the
 * server must be stopped: its folder admits one process at a time.
 */
import { parseArgs } from 'node:util'
import { type Env, loadConfig } from '../../config.ts'
import { mergeConfig, readConfigFile } from '../../configFile.ts'
import { type FoyerDatabase, openDatabase } from '../../db/index.ts'
import type { Issue } from '../../http/errors.ts'
import { readVariable } from '../../settings/serverSettings.ts'
import { consoleDb } from '../consoleContext.ts'
import { addOperator, listOperators, OperatorExistsError, operatorEmail, removeOperator } from './operatorStore.ts'
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts'

export const OPERATOR_USAGE = `Usage: foyer-server operator add <email> [--password-stdin] [--config <file>]
       foyer-server operator list [--config <file>]
       foyer-server operator remove <email> [--config <file>]
       foyer-server operator hash

  add               Creates an operator of the console (/console). With --password-stdin the password is read
                    from standard input (at least ${MIN_PASSWORD_LENGTH} characters; one final newline is dropped);
                    without it, the operator signs in by emailed link only.
  list              Lists the operators: address, whether a password is set, a lockout in force.
  remove            Removes an operator and ends its sessions.
  hash              Reads a password from standard input and prints its scrypt hash (for FOYER_CONSOLE_OPERATORS).

The database is the server's: DATABASE_URL, else the embedded one in FOYER_DATA_DIR (stop the server first).`

export interface OperatorCommandIo {
  env: Env
  /** Standard input, read whole for --password-stdin and `hash`. */
  stdin: AsyncIterable<string | Buffer>
  log: (line: string) => void
  error: (line: string) => void
}

const USAGE_ERROR = 64 // EX_USAGE
const DATA_ERROR = 65 // EX_DATAERR
const CONFIG_ERROR = 78 // EX_CONFIG

async function readPassword(stdin: OperatorCommandIo['stdin']): Promise<string> {
  let text = ''
  for await (const chunk of stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8')
  return text.replace(/\r?\n$/, '')
}

function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long`
  return undefined
}

/** Runs `operator <subcommand>`; answers the process's exit code (0 done, 64 usage, 65 bad input, 78 settings, 1 refused or failed). */
export async function runOperatorCommand(argv: readonly string[], io: OperatorCommandIo): Promise<number> {
  const [subcommand, ...rest] = argv
  let parsed: { values: { 'password-stdin'?: boolean; config?: string }; positionals: string[] }
  try {
    parsed = parseArgs({
      args: [...rest],
      strict: true,
      allowPositionals: true,
      options: { 'password-stdin': { type: 'boolean' }, config: { type: 'string', short: 'c' } },
    })
  } catch (e) {
    io.error(`${(e as Error).message}\n\n${OPERATOR_USAGE}`)
    return USAGE_ERROR
  }
  const { values, positionals } = parsed
  const wants = { add: 1, remove: 1, list: 0, hash: 0 } as const
  if (!subcommand || !(subcommand in wants)) {
    io.error(subcommand ? `Unknown command "operator ${subcommand}".\n\n${OPERATOR_USAGE}` : OPERATOR_USAGE)
    return USAGE_ERROR
  }
  const command = subcommand as keyof typeof wants
  if (positionals.length !== wants[command] || (values['password-stdin'] && command !== 'add')) {
    io.error(OPERATOR_USAGE)
    return USAGE_ERROR
  }

  if (command === 'hash') {
    const password = await readPassword(io.stdin)
    const problem = passwordProblem(password)
    if (problem) {
      io.error(problem)
      return DATA_ERROR
    }
    io.log(await hashPassword(password))
    return 0
  }

  let email: string | undefined
  if (command === 'add' || command === 'remove') {
    email = operatorEmail(positionals[0])
    if (!email) {
      io.error(`"${positionals[0]}" is not one plain email address (name@example.com)`)
      return DATA_ERROR
    }
  }
  let passwordHash: string | null = null
  if (values['password-stdin']) {
    const password = await readPassword(io.stdin)
    const problem = passwordProblem(password)
    if (problem) {
      io.error(problem)
      return DATA_ERROR
    }
    passwordHash = await hashPassword(password)
  }

  const issues: Issue[] = []
  const configPath = values.config ?? readVariable(io.env, 'FOYER_CONFIG')
  const file = configPath ? readConfigFile(configPath, issues) : undefined
  let config: ReturnType<typeof loadConfig>
  try {
    if (issues.length > 0) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'))
    config = loadConfig(mergeConfig(io.env, file).env)
  } catch (e) {
    io.error((e as Error).message)
    return CONFIG_ERROR
  }

  let database: FoyerDatabase | undefined
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 2 })
    const db = consoleDb({ database })
    if (command === 'add') {
      await addOperator(db, email!, passwordHash)
      io.log(
        passwordHash
          ? `Added ${email}: signs in with the password, or by emailed link.`
          : `Added ${email}: signs in by emailed link (no password set).`,
      )
    } else if (command === 'remove') {
      if (!(await removeOperator(db, email!))) {
        io.error(`No operator ${email}`)
        return 1
      }
      io.log(`Removed ${email} and ended its sessions.`)
    } else {
      const operators = await listOperators(db)
      if (operators.length === 0) io.log('No operators yet: add one with `foyer-server operator add <email>`.')
      const now = Date.now()
      for (const o of operators) {
        const locked =
          o.lockedUntil && o.lockedUntil.getTime() > now ? `  locked until ${o.lockedUntil.toISOString()}` : ''
        io.log(`${o.email}  ${o.hasPassword ? 'password' : 'link only'}${locked}`)
      }
    }
    return 0
  } catch (e) {
    if (e instanceof OperatorExistsError) io.error(e.message)
    else io.error(`The operator command failed: ${(e as Error).message}`)
    return 1
  } finally {
    await database?.close()
  }
}
