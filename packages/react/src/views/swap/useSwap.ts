import { getSwapController, type SwapController, type SwapState } from '@foyer/core/internal'
import { useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'

/** The swap flow's controller (core) and its state, re-rendering on every change. */
export function useSwap(): { swap: SwapController; state: SwapState } {
  const swap = getSwapController(useFoyerClient())
  const state = useSyncExternalStore(swap.subscribe, swap.getState, swap.getState)
  return { swap, state }
}
