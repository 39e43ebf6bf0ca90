import { type BuyController, type BuyState, getBuyController } from '@foyer/core'
import { useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'

export { useBuyAvailability } from './useBuyAvailability.ts'

/** The buy flow's controller (core) and its state. */
export function useBuy(): { buy: BuyController; state: BuyState } {
  const buy = getBuyController(useFoyerClient())
  const state = useSyncExternalStore(buy.subscribe, buy.getState, buy.getState)
  return { buy, state }
}
