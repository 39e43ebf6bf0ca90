import type { FoyerEvent } from '@foyer/core'
import { useFoyerStore } from './useFoyerStore.ts'

/** The latest event (modal opened, wallet selected, connected, …), or undefined before the first one. */
export function useFoyerEvents(): FoyerEvent | undefined {
  return useFoyerStore((s) => s.lastEvent)
}
