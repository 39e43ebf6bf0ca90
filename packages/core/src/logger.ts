const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type LogLevel = keyof typeof levels
export type Logger = Record<Exclude<LogLevel, 'silent'>, (...values: unknown[]) => void>

/** Console logging at or above `level` (default error, per the spec). */
export function createLogger(level: LogLevel): Logger {
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (...values: unknown[]) => {
      if (levels[name] >= levels[level]) console[name]('[foyer]', ...values)
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
