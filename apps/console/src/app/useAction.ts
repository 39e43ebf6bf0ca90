import { useCallback, useState } from 'react'
import { useLocale } from '../locale/locale.tsx'
import { useConsole } from './consoleContext.tsx'
import { endsSession, errorMessage } from './errorMessage.ts'

export type ActionState = { pending: boolean; error: string | null; done: boolean }

/**
 * Runs one request a form sends: pending while it runs, the refusal in the operator's language, and the sign-in
 * page when the server says the session is over.
 */
export function useAction<args extends unknown[], result>(action: (...args: args) => Promise<result>) {
  const { onSignedOut } = useConsole()
  const { t } = useLocale()
  const [state, setState] = useState<ActionState>({ pending: false, error: null, done: false })
  const run = useCallback(
    async (...args: args): Promise<result | undefined> => {
      setState({ pending: true, error: null, done: false })
      try {
        const result = await action(...args)
        setState({ pending: false, error: null, done: true })
        return result
      } catch (e) {
        if (endsSession(e)) onSignedOut()
        setState({ pending: false, error: errorMessage(e, t), done: false })
        return undefined
      }
    },
    [action, onSignedOut, t],
  )
  const reset = useCallback(() => setState({ pending: false, error: null, done: false }), [])
  return { ...state, run, reset }
}
