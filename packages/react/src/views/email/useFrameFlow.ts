import { RequestAbortedError } from '@foyer/core'
import type { Translate } from '@foyer/core/internal'
import { useEffect, useRef, useState } from 'react'
import { translateError } from '../../components/translateError.ts'

/**
 * Runs a flow the secure frame draws (code entry, email change, devices) while the view is shown, and aborts it
 * when the view goes (the frame then takes its screen down). A failure becomes text; `retry` starts it again.
 */
export function useFrameFlow<result>(
  run: (signal: AbortSignal) => Promise<result>,
  done: (value: result) => void,
  t: Translate,
) {
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  // The latest callbacks, without restarting the flow when they change identity (a re-render, a locale switch).
  const latest = useRef({ run, done, t })
  latest.current = { run, done, t }

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: retry() bumps it to run the flow again
  useEffect(() => {
    const abort = new AbortController()
    setError(undefined)
    latest.current.run(abort.signal).then(
      (value) => {
        if (!abort.signal.aborted) latest.current.done(value)
      },
      (caught: unknown) => {
        // Aborted: the view is going away (back, or the modal closed); there is nobody to tell.
        if (abort.signal.aborted || caught instanceof RequestAbortedError) return
        setError(translateError(caught, latest.current.t))
      },
    )
    return () => abort.abort()
  }, [attempt])

  return { error, retry: () => setAttempt((n) => n + 1) }
}
