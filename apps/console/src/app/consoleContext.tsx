/** What every page needs: the API client, the signed-in session, and what to do when the session ends. */
import { createContext, useContext } from 'react'
import type { ConsoleSession } from '../../../server/src/console/contract.ts'
import type { ConsoleApi } from '../api/consoleApi.ts'

export type ConsoleContextValue = {
  api: ConsoleApi
  session: ConsoleSession | null
  /** The server says the session is gone (401, or a CSRF refusal): back to the sign-in page. */
  onSignedOut(): void
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null)

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext)
  if (!value) throw new Error('useConsole needs a <ConsoleContext.Provider>')
  return value
}
