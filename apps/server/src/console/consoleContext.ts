/**
 * What the console's routes share: the Hono environment of a signed-in request (the operator and the session's
 * cookie token, set by `requireOperator`) and the dependencies `registerConsoleRoutes` hands to every router.
 */
import type { Hono } from 'hono'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import type { Mailer } from '../embedded/mailer.ts'
import type { AppEnv } from '../http/context.ts'
import type { CounterStore } from '../limits/counters.ts'
import type { Logger } from '../log.ts'
import type { ProjectStore } from '../projects/store.ts'
import type { ConsoleDb } from './consoleTables.ts'
import type { Operator } from './operators/operatorStore.ts'

export interface ConsoleEnv {
  Variables: AppEnv['Variables'] & {
    /** The signed-in operator (set by `requireOperator`). */
    operator: Operator
    /** The session's cookie token (set by `requireOperator`; the CSRF token is derived from it). */
    consoleSessionToken: string
  }
}

export interface ConsoleDeps {
  database: FoyerDatabase
  config: ServerConfig
  projects: ProjectStore
  /** The mailer the embedded wallet's email login uses; sends the sign-in links. */
  mailer: Mailer
  logger: Logger
  /** The rate-limit counters (Redis, Postgres or memory, as the rest of the server's limits). */
  counters: CounterStore
  /** The clock (tests move it). */
  now?: () => Date
}

/** The console's typed view of the database. */
export const consoleDb = (deps: Pick<ConsoleDeps, 'database'>) => deps.database.kysely as unknown as ConsoleDb

/**
 * A router of the console API, mounted under /console/api after the sign-in guard: every request it sees comes
 * from a signed-in operator, and every changing one has passed the CSRF checks.
 */
export type ConsoleRouter = (deps: ConsoleDeps) => Hono<ConsoleEnv>
