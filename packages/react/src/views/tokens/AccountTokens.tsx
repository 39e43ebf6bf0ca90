import type { AccountTokenBalance } from '@foyer/core'
import { enAccount, totalTokenValue, watchAccountData } from '@foyer/core/internal'
import { useEffect } from 'react'
import { TokenMark } from '../../components/TokenMark.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useTokenBalances } from '../../hooks/useTokenBalances.ts'
import { formatTokenAmount, formatUsd } from './usdFormat.ts'

/**
 * The Account view's token list: every token held on the selected network with its USD value, and the total.
 * Its own lazy chunk, shown only when the site has a Foyer server (`apiUrl`). While it is on screen the native
 * balance is re-read every few seconds and a change (the user's own transactions, payments in) refreshes the list.
 */
export function AccountTokens() {
  const client = useFoyerClient()
  const { t, locale } = useFoyerLocale(enAccount)
  const address = useFoyerStore((s) => s.account.address)
  const chainId = useFoyerStore((s) => s.network.selectedNetworkId)
  const unsupported = useFoyerStore((s) => s.network.unsupported)
  useEffect(() => watchAccountData(client), [client])
  const query = useTokenBalances({ address, chainId, enabled: !unsupported })

  // biome-ignore lint/correctness/useExhaustiveDependencies: query.error is a trigger: each new failure (a failing refresh too) shows the snackbar again
  useEffect(() => {
    if (query.status === 'error') client.showSnackbar('error', { key: 'snackbar.failedToFetchTokenBalance' })
  }, [client, query.status, query.error])

  if (unsupported) return null
  const balances = (query.data ?? []) as AccountTokenBalance[]
  const loading = query.isLoading && !query.data

  return (
    <section
      className="fo-tokens"
      data-testid="account-tokens"
      aria-labelledby="fo-tokens-title"
      aria-busy={loading || undefined}
    >
      <div className="fo-section-head">
        <h3 id="fo-tokens-title">{t('account.tokens')}</h3>
        {query.data && (
          <span className="fo-row-detail">
            <span className="fo-visually-hidden">{t('account.totalValue')} </span>
            <span data-testid="account-total-value">{formatUsd(totalTokenValue(balances), locale)}</span>
          </span>
        )}
      </div>
      {loading ? (
        <div className="fo-list" role="img" aria-label={t('modal.loading')}>
          <span className="fo-skeleton" style={{ height: 52 }} />
          <span className="fo-skeleton" style={{ height: 52 }} />
        </div>
      ) : query.status === 'error' && !query.data ? (
        <div className="fo-notice" data-tone="error" data-testid="account-tokens-error">
          <span style={{ flex: 1 }}>{t('snackbar.failedToFetchTokenBalance')}</span>
          <button type="button" className="fo-link" onClick={() => query.refetch().catch(() => {})}>
            {t('modal.retry')}
          </button>
        </div>
      ) : (
        <ul className="fo-list">
          {balances.map((b) => (
            <li key={`${b.chainId}:${b.address}`} className="fo-row fo-token-row" data-testid={`token-${b.symbol}`}>
              <TokenMark symbol={b.symbol} iconUrl={b.iconUrl} />
              <span className="fo-row-label">
                {b.name}
                <br />
                <span className="fo-row-detail" data-testid="token-amount">
                  {formatTokenAmount(b.quantity.numeric, locale)} {b.symbol}
                </span>
              </span>
              <span className="fo-amount" data-testid="token-value">
                {b.priced ? formatUsd(b.value, locale) : <span className="fo-row-detail">{t('account.noPrice')}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
