import { type CatalogueWallet, type FetchWalletsParameters, type FoyerClient, fetchWallets } from '@foyer/core'
import { siteCatalogueChains, walletsQueryKey } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerQuery } from '../../hooks/useFoyerQuery.ts'

// The server's wallet catalogue as the Connect, All Wallets, Get a Wallet and QR views use it: one module, so they
// share one chunk.

/** How long a fetched catalogue page is fresh (the list changes with deployments, not by the minute). */
export const CATALOGUE_STALE_MS = 5 * 60 * 1000

/**
 * The `chains` every wallet list the modal fetches sends: the CAIP-2 ids of the site's networks, so a wallet of
 * none of their namespaces is never listed.
 */
export const siteChains = (client: FoyerClient): string[] => siteCatalogueChains(client.options.networks)

/** One page of the server's wallet catalogue (core's `fetchWallets` + key); off without `apiUrl`. */
export function useWalletPage(parameters: FetchWalletsParameters, enabled = true) {
  const client = useFoyerClient()
  const api = client.api
  return useFoyerQuery({
    queryKey: walletsQueryKey(parameters),
    queryFn: ({ signal }) => fetchWallets(api!, parameters, { signal }),
    enabled: enabled && Boolean(api),
    staleTime: CATALOGUE_STALE_MS,
  })
}

/** Query key under which the wallet the visitor picked is kept for the QR view. */
export const pickedWalletKey = (walletId: string) => ['pickedWallet', walletId] as const

/** Opens the QR view for a catalogue (or custom) wallet: it pairs over WalletConnect with that wallet's links. */
export function openCatalogueWallet(client: FoyerClient, wallet: CatalogueWallet) {
  client.queries.setData(pickedWalletKey(wallet.id), wallet)
  client.navigate.push('ConnectingWalletConnect', { walletId: wallet.id })
}
