import { fetchTransactionHistory, type Transaction } from '@foyer/core'
import {
  type enActivity,
  floorDecimalString,
  getBuyAvailability,
  isBuyVisible,
  type KeysWith,
  TARGET_AMOUNT_DECIMALS,
  type Translate,
} from '@foyer/core/internal'
import { useEffect } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerQuery } from '../../hooks/useFoyerQuery.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useFeatureEnabled } from '../../hooks/useProjectFeatures.ts'
import { ACTIVITY_POLL_MS } from '../../hooks/useTransactionHistory.ts'
import { useBuyAvailability } from './useBuyAvailability.ts'

type ActivityTranslate = Translate<KeysWith<typeof enActivity>>
const STATUSES = ['created', 'pending', 'paid', 'completed', 'failed'] as const
type PurchaseStatus = (typeof STATUSES)[number]

/** An on-ramp entry's status: the purchase's own (`onramp.status`), else read from the transaction's. */
export function purchaseStatusOf(entry: Transaction): PurchaseStatus {
  const own = entry.onramp?.status
  if (own && (STATUSES as readonly string[]).includes(own)) return own
  const status = entry.metadata.status
  return status === 'failed' ? 'failed' : status === 'confirmed' ? 'completed' : 'pending'
}

/**
 * Activity's on-ramp purchases (`GET /v1/account/{address}/history?onramp=<provider>` for each provider), newest
 * first, with their status; read again every 5 s while Activity shows them. Nothing shows without the on-ramp.
 */
export function BuyActivity({ t }: { t: ActivityTranslate }) {
  const client = useFoyerClient()
  const availability = useBuyAvailability()
  const visible = useFeatureEnabled('onramp') && isBuyVisible(client, availability)
  useEffect(() => {
    if (visible) void getBuyAvailability(client).load()
  }, [client, visible])
  if (!visible || !client.api) return null
  return (
    <>
      {availability.providers.map((p) => (
        <ProviderPurchases key={p.id} provider={p.id} name={p.name} t={t} />
      ))}
    </>
  )
}

function ProviderPurchases({ provider, name, t }: { provider: string; name: string; t: ActivityTranslate }) {
  const client = useFoyerClient()
  const address = useFoyerStore((s) => s.account.address)
  const chainId = useFoyerStore((s) => s.network.selectedNetworkId)
  // Under the account's data key: a refresh of the account (a new balance) reads the purchases again too.
  const queryKey = ['foyer', 'accountData', address?.toLowerCase() ?? '', 'onramp', provider, chainId] as const
  const query = useFoyerQuery({
    queryKey,
    queryFn: ({ signal }) => fetchTransactionHistory(client, { address: address!, chainId, onramp: provider, signal }),
    enabled: Boolean(address),
  })
  const id = JSON.stringify(queryKey)
  useEffect(() => {
    const timer = setInterval(() => client.queries.invalidate(JSON.parse(id)), ACTIVITY_POLL_MS)
    return () => clearInterval(timer)
  }, [client, id])
  const entries = query.data?.data ?? []
  if (entries.length === 0) return null
  return (
    <section aria-labelledby={`fo-activity-onramp-${provider}`} data-testid="activity-onramp">
      <h3 className="fo-activity-month" id={`fo-activity-onramp-${provider}`}>
        {t('activity.purchases')}
      </h3>
      <ul className="fo-list">
        {entries.map((entry) => {
          const status = purchaseStatusOf(entry)
          const transfer = entry.transfers[0]
          const amount = transfer ? floorDecimalString(transfer.quantity.numeric, TARGET_AMOUNT_DECIMALS) : ''
          const symbol = transfer?.fungible_info?.symbol ?? ''
          return (
            <li
              key={entry.id}
              className="fo-row"
              data-testid="activity-onramp-item"
              data-status={status}
              data-hash={entry.metadata.hash || undefined}
            >
              <span className="fo-token-mark" aria-hidden="true">
                +
              </span>
              <span className="fo-row-label">
                {t('activity.purchase', { amount, symbol })}{' '}
                <span
                  className={status === 'failed' ? 'fo-tag fo-error' : 'fo-tag'}
                  data-testid="activity-onramp-status"
                >
                  {t(`activity.purchaseStatus.${status}`)}
                </span>
                <br />
                <span className="fo-row-detail">{t('activity.purchaseFrom', { provider: name })}</span>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
