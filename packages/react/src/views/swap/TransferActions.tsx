import type { ViewName } from '@foyer/core'
import { canSendTransactions, enAccount } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useFeatureEnabled } from '../../hooks/useProjectFeatures.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'

/**
 * Account's wallet actions: Swap (feature `swaps`, which needs `apiUrl` and the project's `swaps` on), Send and
 * Receive. Swap and Send show only when the network's adapter can send transactions, Swap on EVM networks only. Each view's chunk starts loading on hover or focus.
 */
export function TransferActions() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enAccount)
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const unsupported = useFoyerStore((s) => s.network.unsupported)
  const { preloadView } = usePreloadViews()
  const swaps = useFeatureEnabled('swaps')
  const network = client.getNetwork(selectedNetworkId)
  if (!network || unsupported) return null
  const canSend = canSendTransactions(client, network)
  // Swaps run on EVM networks only (the Account view says so on the others).
  const canSwap = canSend && swaps && network.chainNamespace === 'eip155'
  const actions: { view: ViewName; label: 'account.swap' | 'account.send' | 'account.receive'; testId: string }[] = [
    ...(canSwap ? [{ view: 'Swap' as const, label: 'account.swap' as const, testId: 'account-swap' }] : []),
    ...(canSend ? [{ view: 'Send' as const, label: 'account.send' as const, testId: 'account-send' }] : []),
    { view: 'Receive', label: 'account.receive', testId: 'account-receive' },
  ]
  return (
    <nav className="fo-actions" aria-label={t('account.actionsLabel')}>
      {actions.map((action) => (
        <button
          key={action.view}
          type="button"
          className="fo-action"
          data-testid={action.testId}
          onPointerEnter={() => preloadView(action.view)}
          onFocus={() => preloadView(action.view)}
          onClick={() => client.navigate.push(action.view)}
        >
          {t(action.label)}
        </button>
      ))}
    </nav>
  )
}
