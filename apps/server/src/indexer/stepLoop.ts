/**
 * The background loop both indexers follow their chain with: one step after another; after a step that found
 * nothing new it waits `pollMs`, after a failure a pause that grows with each failure in a row (up to 30 s).
 * `stop()` ends it after the step in progress (a write in progress completes or rolls back as a whole).
 */
export type StepLoop<Result extends { kind: string }> = ReturnType<typeof createStepLoop<Result>>

export function createStepLoop<Result extends { kind: string }>(options: {
  pollMs: number
  step: () => Promise<Result>
  /** Each step's result, with how many steps had failed in a row before it. */
  onResult: (result: Result, failuresBefore: number) => void
  onError: (error: unknown, retryInMs: number) => void
}) {
  let running: Promise<void> | undefined
  let stopping = false
  let wake: (() => void) | undefined

  async function run() {
    let failures = 0
    while (!stopping) {
      let pause = 0
      try {
        const result = await options.step()
        options.onResult(result, failures)
        failures = 0
        if (result.kind === 'caught-up') pause = options.pollMs
      } catch (error) {
        failures++
        pause = Math.min(30_000, options.pollMs * 2 ** Math.min(failures, 6))
        options.onError(error, pause)
      }
      if (pause > 0 && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = undefined
      }
    }
  }

  return {
    start() {
      if (running) return
      stopping = false
      running = run()
    },
    async stop() {
      stopping = true
      wake?.()
      await running
      running = undefined
    },
  }
}
