import { type CaipNetworkId, fetchTokenBalances } from '@foyer/core'
import { tokenBalancesQueryKey } from '@foyer/core/internal'
import { useCallback } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'
import { useFoyerQuery } from './useFoyerQuery.ts'

/**
 * The account's tokens with USD prices and values on a network, from the Foyer server (core's
 * `fetchTokenBalances`). Disabled without an address or without `apiUrl`.
 */
export function useTokenBalances({
  address,
  chainId,
  enabled = true,
}: {
  address?: string
  chainId?: CaipNetworkId
  enabled?: boolean
}) {
  const client = useFoyerClient()
  const queryFn = useCallback(
    ({ signal }: { signal: AbortSignal }) => fetchTokenBalances(client, { address: address!, chainId, signal }),
    [client, address, chainId],
  )
  return useFoyerQuery({
    queryKey: tokenBalancesQueryKey({ address: address ?? '', chainId }),
    queryFn,
    enabled: enabled && !!address && !!client.api,
  })
}
