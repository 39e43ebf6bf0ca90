import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context.ts'

/** Runs middlewares one after the other as one middleware (what `app.get(path, a, b, c, handler)` would do). */
export function sequence(...handlers: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const run = async (index: number): Promise<void> => {
      if (index === handlers.length) return next()
      const response = await handlers[index]!(c, () => run(index + 1))
      if (response) c.res = response
    }
    await run(0)
  }
}
