import type { AccountState } from '@foyer/core'
import { useFoyerStore } from './useFoyerStore.ts'

/** The account state: status, address, CAIP address, native balance, profile name, connected wallet. */
export function useFoyerAccount(): AccountState {
  return useFoyerStore((s) => s.account)
}
