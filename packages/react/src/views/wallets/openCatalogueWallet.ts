import type { CatalogueWallet, FoyerClient } from '@foyer/core'

/** Query key under which the wallet the visitor picked is kept for the QR view. */
export const pickedWalletKey = (walletId: string) => ['pickedWallet', walletId] as const

/** Opens the QR view for a catalogue (or custom) wallet: it pairs over WalletConnect with that wallet's links. */
export function openCatalogueWallet(client: FoyerClient, wallet: CatalogueWallet) {
  client.queries.setData(pickedWalletKey(wallet.id), wallet)
  client.navigate.push('ConnectingWalletConnect', { walletId: wallet.id })
}
