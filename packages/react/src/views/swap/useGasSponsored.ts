import { isTransactionSponsored } from '@foyer/core/internal'
import { useCallback, useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useProjectFeatures } from '../../hooks/useProjectFeatures.ts'

/**
 * Whether the site pays the gas of a send or swap on the selected network calling `targets` (core's
 * `isTransactionSponsored`, the targets from `sendCallTargets` or `swapCallTargets`): the embedded wallet's smart
 * account on a chain the project sponsors, the project's policy naming every target. Asks for the project's
 * settings (and keeps them while the view shows), and follows the account type as the frame reports it.
 */
export function useGasSponsored(targets: readonly string[]): boolean {
  const client = useFoyerClient()
  // Loads `GET /v1/project` when this view is the first to need it, and re-renders when its answer comes.
  useProjectFeatures()
  // The targets by value: a view passes a new array at each render.
  const key = targets.join(',')
  const read = useCallback(
    () => isTransactionSponsored(client, client.getSelectedNetwork(), key ? key.split(',') : []),
    [client, key],
  )
  return useSyncExternalStore(client.subscribe, read, read)
}
