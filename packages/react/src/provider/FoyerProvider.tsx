import type { ReactNode } from 'react'
import { useEffect } from 'react'
import type { Foyer } from '../createFoyer.ts'
import { FoyerContext } from '../hooks/useFoyerClient.ts'
import { ModalHost } from '../modal/ModalHost.tsx'

export type FoyerProviderProps = {
  /** The client from `createFoyer(…)`. */
  foyer: Foyer
  children?: ReactNode
}

/**
 * Provides the Foyer client to buttons and hooks, starts the chain adapters in the browser (never during
 * render, so SSR is safe) and hosts the modal.
 */
export function FoyerProvider({ foyer, children }: FoyerProviderProps) {
  useEffect(() => foyer.mount(), [foyer])
  return (
    <FoyerContext.Provider value={foyer}>
      {children}
      <ModalHost />
    </FoyerContext.Provider>
  )
}
