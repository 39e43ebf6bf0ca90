import type { ViewName } from '@foyer/core'
import { useMemo } from 'react'
import { preloadModal } from '../modal/loaders.ts'
import { useFoyerClient } from './useFoyerClient.ts'

export type UseFoyerReturnType = {
  /** Opens the modal: on `view` when given, else Account when connected, Connect otherwise. */
  open(options?: { view?: ViewName }): void
  /** Closes the modal; returns false (and the modal shakes) when closing is refused. */
  close(): boolean
}

/** Opens and closes the modal. */
export function useFoyer(): UseFoyerReturnType {
  const client = useFoyerClient()
  return useMemo(
    () => ({
      open(options = {}) {
        preloadModal(options.view ?? (client.getState().account.isConnected ? 'Account' : 'Connect'))
        client.open(options)
      },
      close: () => client.close(),
    }),
    [client],
  )
}
