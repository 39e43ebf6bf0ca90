import type { Transaction } from '@foyer/core'
import { enActivity, groupTransactionsByMonth, isSpamOnlyTransaction, watchAccountData } from '@foyer/core/internal'
import { useEffect, useRef } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { useTransactionHistory } from '../../hooks/useTransactionHistory.ts'
import { accountCss } from '../account/accountStyles.ts'
import { BuyActivity } from '../buy/BuyActivity.tsx'
import { describeTransaction } from './describeTransaction.ts'

const MARKS: Record<Transaction['metadata']['operationType'], string> = {
  send: '↑',
  receive: '↓',
  trade: '⇄',
  approve: '✓',
  mint: '✦',
  execute: '•',
  deploy: '+',
}

/**
 * Activity: the connected account's transactions on the connected network, newest first, grouped by month.
 * Entries whose only transfers are spam NFTs are hidden. More pages load as the list scrolls (and from the
 * "Load more" button, for keyboards). Reloads when the account or network changes. On-ramp purchases (with the
 * `onramp` feature) show above, with their status.
 */
export function ActivityView() {
  useStyle('foyer-account-style', accountCss)
  const { t } = useFoyerLocale(enActivity)
  return (
    <div className="fo-stack">
      <BuyActivity t={t} />
      <ActivityTransactions />
    </div>
  )
}

/** The account's transactions on the connected network. */
function ActivityTransactions() {
  const client = useFoyerClient()
  const { t, locale } = useFoyerLocale(enActivity)
  const address = useFoyerStore((s) => s.account.address)
  const chainId = useFoyerStore((s) => s.network.selectedNetworkId)
  const network = client.getNetwork(chainId)
  useEffect(() => watchAccountData(client), [client])
  const history = useTransactionHistory({ address, chainId })
  const sentinel = useRef<HTMLDivElement>(null)

  const visible = history.entries.filter((e) => e.metadata.chain === chainId && !isSpamOnlyTransaction(e))
  const failed = history.status === 'error' && !history.data

  // biome-ignore lint/correctness/useExhaustiveDependencies: history.error is a trigger: each new failure (a failing poll too) shows the snackbar again
  useEffect(() => {
    if (history.status === 'error' || history.loadMoreError)
      client.showSnackbar('error', { key: 'snackbar.failedToFetchTransactions' })
  }, [client, history.status, history.error, history.loadMoreError])

  // Infinite scroll: load the next page when the end of the list comes into view.
  useEffect(() => {
    const element = sentinel.current
    if (!element || !history.hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void history.loadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [history.hasMore, history.loadMore])

  // A page of nothing but spam shows nothing: fetch on until something shows or the history ends.
  useEffect(() => {
    if (
      history.status === 'success' &&
      visible.length === 0 &&
      history.hasMore &&
      !history.loadingMore &&
      !history.loadMoreError
    )
      void history.loadMore()
  }, [history.status, visible.length, history.hasMore, history.loadingMore, history.loadMoreError, history.loadMore])

  if (history.isLoading || (visible.length === 0 && history.hasMore && !history.loadMoreError && !failed)) {
    return (
      <div
        className="fo-list"
        data-testid="activity-loading"
        role="img"
        aria-label={t('modal.loading')}
        aria-busy="true"
      >
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="fo-skeleton" style={{ height: 56 }} />
        ))}
      </div>
    )
  }
  if (failed) {
    return (
      <div className="fo-center" data-testid="activity-error">
        <p className="fo-error" role="alert">
          {t('snackbar.failedToFetchTransactions')}
        </p>
        <button type="button" className="fo-primary" onClick={() => history.refetch().catch(() => {})}>
          {t('modal.retry')}
        </button>
      </div>
    )
  }
  if (visible.length === 0) {
    return (
      <div className="fo-center" data-testid="activity-empty">
        <p className="fo-heading">{t('activity.empty')}</p>
        <p className="fo-muted">{t('activity.emptyDetail', { network: network?.name ?? chainId })}</p>
      </div>
    )
  }

  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const dayFormat = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
  return (
    // Focusable, so a keyboard can scroll the list (the arrow keys scroll the modal body around it).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboards to scroll it (axe: scrollable-region-focusable)
    <section className="fo-stack" data-testid="activity-list" aria-label={t('activity.listLabel')} tabIndex={0}>
      {groupTransactionsByMonth(visible).map((group) => (
        <section key={group.month} aria-labelledby={`fo-activity-${group.month}`}>
          <h3 className="fo-activity-month" id={`fo-activity-${group.month}`}>
            {monthFormat.format(Date.parse(`${group.month}-01T00:00:00Z`))}
          </h3>
          <ul className="fo-list">
            {group.entries.map((entry) => (
              <li
                key={entry.id}
                className="fo-row"
                data-testid="activity-item"
                data-hash={entry.metadata.hash}
                data-operation={entry.metadata.operationType}
              >
                <span className="fo-token-mark" aria-hidden="true">
                  {MARKS[entry.metadata.operationType]}
                </span>
                <span className="fo-row-label">
                  {t(`activity.operation.${entry.metadata.operationType}`)}
                  {entry.metadata.status === 'failed' && (
                    <span className="fo-tag fo-error"> {t('activity.failed')}</span>
                  )}
                  <br />
                  <span className="fo-row-detail" data-testid="activity-detail">
                    {describeTransaction(entry, t, locale)}
                  </span>
                </span>
                <time className="fo-row-detail" dateTime={entry.metadata.minedAt}>
                  {dayFormat.format(Date.parse(entry.metadata.minedAt))}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div ref={sentinel} className="fo-center" aria-live="polite">
        {history.loadingMore ? (
          <span className="fo-row-detail" role="status">
            {t('activity.loadingMore')}
          </span>
        ) : history.loadMoreError ? (
          <>
            <span className="fo-error">{t('snackbar.failedToFetchTransactions')}</span>
            <button
              type="button"
              className="fo-link"
              data-testid="activity-load-more"
              onClick={() => void history.loadMore()}
            >
              {t('modal.retry')}
            </button>
          </>
        ) : history.hasMore ? (
          <button
            type="button"
            className="fo-link"
            data-testid="activity-load-more"
            onClick={() => void history.loadMore()}
          >
            {t('activity.loadMore')}
          </button>
        ) : null}
      </div>
    </section>
  )
}
