import type { ApiClient } from '../api/apiClient.ts'
import { FEATURED_WALLETS_PAGE_SIZE, WALLETS_PAGE_SIZE, WALLETS_SEARCH_PAGE_SIZE } from '../constants.ts'
import { walletImage, wallets } from '../protocol/endpoints/catalogue.ts'
import type { QueryKey } from '../query/queryCache.ts'

/** A wallet from the Foyer server's catalogue (`GET /getWallets`), with the field names the server sends. */
export type CatalogueWallet = {
  id: string
  name: string
  homepage?: string
  image_id?: string
  image_url?: string
  rdns?: string | null
  chains?: string[]
  mobile_link?: string | null
  mobile_universal_link?: string | null
  desktop_link?: string | null
  desktop_universal_link?: string | null
  webapp_link?: string | null
  app_store?: string | null
  play_store?: string | null
  order?: number
}

export type WalletPage = { count: number; data: CatalogueWallet[] }

export type FetchWalletsParameters = {
  page?: number
  /** 4 for featured or recommended, 40 for a list page, 100 for search. */
  entries?: number
  /** CAIP-2 chain ids or namespaces the wallet must support. */
  chains?: readonly string[]
  include?: readonly string[]
  exclude?: readonly string[]
  search?: string
}

/** `GET /getWallets` on the site's Foyer server. Throws `HttpRequestError` on a non-2xx answer. */
export function fetchWallets(
  api: ApiClient,
  parameters: FetchWalletsParameters,
  init?: { signal?: AbortSignal },
): Promise<WalletPage> {
  const { page = 1, entries = WALLETS_PAGE_SIZE, chains, include, exclude, search } = parameters
  return api.call(
    wallets,
    {
      query: {
        page,
        entries,
        chains: chains?.length ? chains : undefined,
        include: include?.length ? include : undefined,
        exclude: exclude?.length ? exclude : undefined,
        search: search?.trim() || undefined,
      },
    },
    init,
  )
}

/** The most chains `GET /getWallets` takes (`MAX_LIST_ITEMS` of the query; not imported, to keep valibot out). */
export const MAX_CATALOGUE_CHAINS = 100

/**
 * The `chains` every list the modal fetches from the catalogue sends: the CAIP-2 ids of the site's networks, so the
 * server lists only wallets of their namespaces (a Solana-only wallet never shows on an EVM-only site). The server
 * keeps only the namespaces; past the most items a list may hold, the namespaces are sent instead of the ids.
 */
export function siteCatalogueChains(networks: readonly { id: string }[]): string[] {
  const ids = [...new Set(networks.map((network) => network.id))]
  return ids.length <= MAX_CATALOGUE_CHAINS ? ids : [...new Set(ids.map((id) => id.split(':')[0]!))]
}

export function walletsQueryKey(parameters: FetchWalletsParameters): QueryKey {
  const { page = 1, entries = WALLETS_PAGE_SIZE, chains = [], include = [], exclude = [], search = '' } = parameters
  return ['wallets', page, entries, chains.join(','), include.join(','), exclude.join(','), search.trim()]
}

/** The URL of a catalogue wallet's image on the site's Foyer server. */
export function walletImageUrl(api: ApiClient, walletId: string): string {
  return api.routeUrl(walletImage, { params: { id: walletId } })
}

export const catalogueEntries = {
  featured: FEATURED_WALLETS_PAGE_SIZE,
  page: WALLETS_PAGE_SIZE,
  search: WALLETS_SEARCH_PAGE_SIZE,
} as const
