import { floorDecimalString, TARGET_AMOUNT_DECIMALS } from '@foyer/core/internal'
import { useEffect } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useBuy } from './useBuy.ts'

/**
 * Buy crypto, last step: the provider's checkout is open in another window; this view reads the purchase every
 * 2 s (core's buy controller) and shows its status, then the completion with the account's new balance of the
 * token, or the failure. The visitor can open the checkout again, go back, or return to Account.
 */
export function BuyInProgressView() {
  const { client, t, buy, state } = useBuy()
  // Polling stops when the view goes; it resumes if the view comes back with a purchase still open.
  useEffect(() => {
    const { purchaseId, purchase } = buy.getState()
    if (purchaseId && purchase?.status !== 'completed' && purchase?.status !== 'failed') buy.poll(purchaseId)
    return () => buy.leaveProgress()
  }, [buy])

  const purchase = state.purchase
  const status = purchase?.status ?? 'created'
  const provider = state.provider?.name ?? purchase?.provider ?? ''
  const symbol =
    state.purchaseCurrency?.id === purchase?.purchaseCurrency
      ? (state.purchaseCurrency?.symbol ?? '')
      : (purchase?.purchaseCurrency ?? '')
  const amount = purchase?.purchaseAmount ? floorDecimalString(purchase.purchaseAmount, TARGET_AMOUNT_DECIMALS) : ''
  const finished = status === 'completed' || status === 'failed'

  return (
    <div className="fo-stack">
      <div className="fo-center" style={{ gap: 8 }}>
        {!finished && <Spinner size={28} />}
        <p
          className={`fo-buy-status${status === 'failed' ? ' fo-error' : ''}`}
          data-testid="buy-status"
          data-status={status}
          role="status"
          aria-live="polite"
        >
          {status === 'paid' || status === 'completed'
            ? t(`buy.status.${status}`, { amount, symbol })
            : t(`buy.status.${status}`)}
        </p>
        {status === 'failed' && purchase?.failureReason && (
          <p className="fo-muted" data-testid="buy-failure-reason" style={{ margin: 0 }}>
            {t('buy.failureReason', { reason: purchase.failureReason })}
          </p>
        )}
        {status === 'completed' && state.newBalance && (
          <p className="fo-muted" data-testid="buy-new-balance" style={{ margin: 0 }}>
            {t('buy.newBalance', {
              amount: floorDecimalString(state.newBalance.amount, TARGET_AMOUNT_DECIMALS),
              symbol: state.newBalance.symbol,
            })}
          </p>
        )}
        {!finished && <p className="fo-muted">{t('buy.checkoutHint', { provider })}</p>}
      </div>
      {!finished && state.checkoutUrl && (
        <a
          className="fo-secondary"
          data-testid="buy-open-checkout"
          href={state.checkoutUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('buy.openCheckout')}
        </a>
      )}
      {status === 'failed' && (
        <button type="button" className="fo-secondary" data-testid="buy-retry" onClick={() => client.navigate.goBack()}>
          {t('buy.tryAgain')}
        </button>
      )}
      <button
        type="button"
        className="fo-primary"
        data-testid="buy-done"
        onClick={() => client.navigate.reset('Account')}
      >
        {t('buy.done')}
      </button>
    </div>
  )
}
