import type { AccountState } from '@foyer/core'
import { useFoyerStore } from './useFoyerStore.ts'

export type WalletInfo = NonNullable<AccountState['connectedWalletInfo']>

/** The connected wallet's name and icon (and rdns when known), or undefined when nothing is connected. */
export function useWalletInfo(): WalletInfo | undefined {
  return useFoyerStore((s) => (s.account.isConnected ? s.account.connectedWalletInfo : undefined))
}
