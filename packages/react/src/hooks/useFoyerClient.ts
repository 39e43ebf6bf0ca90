import type { FoyerClient } from '@foyer/core'
import { createContext, useContext } from 'react'

/** The client of the nearest `<FoyerProvider>`; one per provider, never a module-level singleton. */
export const FoyerContext = createContext<FoyerClient | null>(null)

export function useFoyerClient(): FoyerClient {
  const client = useContext(FoyerContext)
  if (!client) throw new Error('Foyer hooks and buttons must be used inside <FoyerProvider foyer={…}>.')
  return client
}
