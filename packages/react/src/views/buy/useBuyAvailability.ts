import { type BuyAvailabilityState, getBuyAvailability } from '@foyer/core/internal'
import { useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'

/**
 * The on-ramp providers and restricted time zones (read once per client). Its own module: Account and Activity use
 * it without the buy flow's controller.
 */
export function useBuyAvailability(): BuyAvailabilityState {
  const { store } = getBuyAvailability(useFoyerClient())
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}
