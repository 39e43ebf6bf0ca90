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
 * Leveled logger writing one JSON object per line to stderr: `{"time","level","msg",...fields}`. Callers must never
 * pass secrets in `fields`; as a safety net, fields named like secrets (password, token, authorization, cookie, …)
 * are written as "***" and URLs carrying a password are redacted (see `redactUrl`).
 */
export function createLogger(level: LogLevel = 'error', write: (line: string) => void = defaultWrite): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (rank[at] < rank[level]) return
    write(safeJson({ time: new Date().toISOString(), level: at, msg: message, ...fields }))
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

/** Field names whose values are never written (compared without case, `_` and `-`). */
const SECRET_KEYS = new Set([
  'pass',
  'password',
  'secret',
  'token',
  'authorization',
  'cookie',
  'setcookie',
  'privatekey',
  'apikey',
  'databaseurl',
  'redisurl',
  'smtppass',
  'metricstoken',
  'sessiontoken',
  'otp',
])
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/\s@]*:[^/\s@]*@/i

function safeJson(value: Record<string, unknown>): string {
  try {
    return JSON.stringify(value, (k, v) => {
      if (k !== '' && SECRET_KEYS.has(k.toLowerCase().replace(/[_-]/g, '')) && v !== undefined && v !== null)
        return '***'
      if (typeof v === 'bigint') return v.toString()
      if (typeof v === 'string' && URL_WITH_PASSWORD.test(v)) return redactUrl(v)
      if (v instanceof Error) return { name: v.name, message: v.message, code: (v as { code?: unknown }).code }
      return v
    })
  } catch {
    return JSON.stringify({ time: value.time, level: value.level, msg: value.msg, fields: '[unserializable]' })
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
