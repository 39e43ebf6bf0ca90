import { type FetchWalletsParameters, fetchWallets, walletsQueryKey } from '@foyer/core'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerQuery } from '../../hooks/useFoyerQuery.ts'

const CATALOGUE_STALE_MS = 5 * 60 * 1000

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
