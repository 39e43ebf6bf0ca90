import type { CaipNetworkId, ChainNamespace } from '@foyer/core'
import { useMemo } from 'react'
import { useFoyerStore } from './useFoyerStore.ts'

export type UseFoyerStateReturnType = {
  open: boolean
  loading: boolean
  selectedNetworkId: CaipNetworkId
  activeChain: ChainNamespace
}

/** The modal's open and loading flags and the selected network. */
export function useFoyerState(): UseFoyerStateReturnType {
  const open = useFoyerStore((s) => s.modal.open)
  const loading = useFoyerStore((s) => s.modal.loading)
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const activeChain = useFoyerStore((s) => s.network.activeChain)
  return useMemo(
    () => ({ open, loading, selectedNetworkId, activeChain }),
    [open, loading, selectedNetworkId, activeChain],
  )
}
