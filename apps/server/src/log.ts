export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface Logger {
  readonly level: LogLevel
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/**
 * Minimal leveled logger writing one line per event to stderr. Callers must never pass secrets in
 * `fields`; use `redactUrl` for connection strings.
 */
export function createLogger(level: LogLevel = 'error', write: (line: string) => void = defaultWrite): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (rank[at] < rank[level]) return
    let line = `${new Date().toISOString()} foyer-server ${at}: ${message}`
    if (fields && Object.keys(fields).length > 0) line += ` ${safeJson(fields)}`
    write(line)
  }
  return {
    level,
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  }
}

export const silentLogger: Logger = createLogger('silent')

function defaultWrite(line: string) {
  process.stderr.write(`${line}\n`)
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v) => {
      if (typeof v === 'bigint') return v.toString()
      if (v instanceof Error) return { name: v.name, message: v.message, code: (v as { code?: unknown }).code }
      return v
    })
  } catch {
    return '[unserializable]'
  }
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`. Never throws; unparsable input is hidden. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    for (const key of [...u.searchParams.keys()]) {
      if (/pass|secret|token|key/i.test(key)) u.searchParams.set(key, '***')
    }
    return u.toString()
  } catch {
    return '[unparsable url]'
  }
}
