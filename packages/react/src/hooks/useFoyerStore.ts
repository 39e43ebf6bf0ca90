import type { FoyerState } from '@foyer/core'
import { useRef, useSyncExternalStore } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'

/**
 * Reads a slice of the Foyer store and re-renders only when that slice changes.
 * Select primitives or references the store keeps (`s.account`), or pass `isEqual` for derived objects.
 */
export function useFoyerStore<selected>(
  selector: (state: FoyerState) => selected,
  isEqual: (a: selected, b: selected) => boolean = Object.is,
): selected {
  const client = useFoyerClient()
  // Memoises the selection per store state, so a selector that builds a value is not a new snapshot every call.
  const cache = useRef<{ state: FoyerState; selector: typeof selector; value: selected } | null>(null)
  const getSnapshot = () => {
    const state = client.getState()
    const previous = cache.current
    if (previous && previous.state === state && previous.selector === selector) return previous.value
    const next = selector(state)
    const value = previous && isEqual(previous.value, next) ? previous.value : next
    cache.current = { state, selector, value }
    return value
  }
  return useSyncExternalStore(client.subscribe, getSnapshot, getSnapshot)
}
