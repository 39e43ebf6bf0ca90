import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  sql,
  type TransactionSettings,
} from 'kysely'

/** The part of a PGlite instance this dialect uses (keeps tests free to pass a stand-in). */
export interface PGliteLike {
  query<T>(
    query: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; affectedRows?: number; command?: string; rowCount?: number }>
  close(): Promise<void>
  readonly closed?: boolean
}

export interface PGliteDialectConfig {
  /** The instance, or a function that opens it on first use. */
  pglite: PGliteLike | (() => Promise<PGliteLike>)
  /** Close the instance when the Kysely instance is destroyed (default true). */
  closeOnDestroy?: boolean
  /**
   * How long a query waits for the single connection before failing (default 30 s). PGlite has one
   * connection: using the outer `db` (instead of `trx`) inside a transaction would otherwise hang forever.
   */
  acquireTimeoutMs?: number
  /** Called once when a query has waited longer than `acquireTimeoutMs / 6`. */
  onSlowAcquire?: (waitedMs: number) => void
}

/**
 * Kysely dialect for PGlite (Postgres compiled to wasm, in-process). PGlite has exactly one session,
 * so every query and every transaction takes a mutex for its whole duration: a transaction is
 * BEGIN … COMMIT on that one session and nothing else interleaves with it.
 */
export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig
  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#config)
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface declares this parameter as Kysely<any>
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

/** FIFO async mutex. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve()

  /** Resolves with a release function once the lock is held; rejects after `timeoutMs` (the queue slot is kept until it is reached, then passed on). */
  lock(timeoutMs = Infinity, onSlow?: (waitedMs: number) => void): Promise<() => void> {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const previous = this.#tail
    this.#tail = previous.then(() => held)
    const started = Date.now()
    return new Promise((resolve, reject) => {
      let timedOut = false
      const slowTimer =
        onSlow && Number.isFinite(timeoutMs)
          ? setTimeout(() => onSlow(Date.now() - started), Math.max(1, timeoutMs / 6))
          : undefined
      const timer = Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            timedOut = true
            reject(
              new Error(
                `Timed out after ${timeoutMs} ms waiting for the database connection (PGlite has one connection; inside a transaction use the transaction object, not the outer db)`,
              ),
            )
          }, timeoutMs)
        : undefined
      void previous.then(() => {
        clearTimeout(timer)
        clearTimeout(slowTimer)
        if (timedOut)
          release() // our turn came too late: pass it straight on
        else resolve(once(release))
      })
    })
  }
}

function once(fn: () => void): () => void {
  let done = false
  return () => {
    if (!done) {
      done = true
      fn()
    }
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig
  readonly #mutex = new Mutex()
  #pglite?: PGliteLike
  #destroyed = false

  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }

  async init(): Promise<void> {
    const p = this.#config.pglite
    this.#pglite = typeof p === 'function' ? await p() : p
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#destroyed || !this.#pglite) throw new Error('The PGlite database is closed')
    const release = await this.#mutex.lock(this.#config.acquireTimeoutMs ?? 30_000, this.#config.onSlowAcquire)
    if (this.#destroyed) {
      release()
      throw new Error('The PGlite database is closed')
    }
    return new PGliteConnection(this.#pglite, release)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin'
    if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`
    if (settings.accessMode) text += ` ${settings.accessMode}`
    await connection.executeQuery(CompiledQuery.raw(text))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compileQuery(sql`savepoint ${sql.id(name)}`.toOperationNode(), createQueryId()))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compileQuery(sql`rollback to ${sql.id(name)}`.toOperationNode(), createQueryId()))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compileQuery(sql`release ${sql.id(name)}`.toOperationNode(), createQueryId()))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as PGliteConnection).release()
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return
    // wait for queries in flight, then refuse new ones
    const release = await this.#mutex.lock()
    this.#destroyed = true
    try {
      if (this.#config.closeOnDestroy !== false && this.#pglite && !this.#pglite.closed) await this.#pglite.close()
    } finally {
      release()
    }
  }
}

const AFFECTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGliteLike
  #release?: () => void

  constructor(pglite: PGliteLike, release: () => void) {
    this.#pglite = pglite
    this.#release = release
  }

  release() {
    const r = this.#release
    this.#release = undefined
    r?.()
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#release) throw new Error('This PGlite connection was already released')
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    const command = result.command?.toUpperCase()
    if (command && AFFECTING_COMMANDS.has(command)) {
      const n = BigInt(result.affectedRows ?? result.rowCount ?? 0)
      return { rows: result.rows, numAffectedRows: n }
    }
    return { rows: result.rows }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error('chunkSize must be a positive integer')
    // PGlite has no cursors over its single session worth the complexity here: read all, hand out in chunks.
    const result = await this.executeQuery<R>(compiledQuery)
    for (let i = 0; i < result.rows.length; i += chunkSize) yield { rows: result.rows.slice(i, i + chunkSize) }
  }
}
