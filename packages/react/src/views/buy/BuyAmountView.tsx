import { floorDecimalString, TARGET_AMOUNT_DECIMALS } from '@foyer/core/internal'
import { type FormEvent, useEffect, useId } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { openCheckoutWindow } from './checkoutWindow.ts'
import { useBuy } from './useBuy.ts'

const METHODS = ['card', 'bank_account'] as const

/**
 * Buy crypto, third step: the payment method, the amount to pay (checked against the method's min and max for the
 * currency, each with its message), and the live quote — fees apart, subtotal, total and what it buys — with its
 * loading flag. A quote that could not be fetched shows as a marked placeholder. Continue opens the provider's
 * checkout in a new window.
 */
export function BuyAmountView() {
  const { client, t, buy, state } = useBuy()
  const ids = useId()
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(() => preloadViewsWhenIdle(['BuyInProgress']), [preloadViewsWhenIdle])
  useEffect(() => {
    if (!state.provider || !state.purchaseCurrency || !state.paymentCurrency) client.navigate.replace('BuyProviders')
  }, [client, state.provider, state.purchaseCurrency, state.paymentCurrency])

  const limits = buy.limits()
  const currency = state.paymentCurrency?.id ?? ''
  const symbol = state.purchaseCurrency?.symbol ?? ''
  const methods = METHODS.filter((m) => state.paymentCurrency?.payment_method_limits.some((l) => l.id === m))
  const error = state.amountError
  const errorText =
    error?.kind === 'min'
      ? t('buy.belowMinimum', { min: error.bound, currency: error.currency })
      : error?.kind === 'max'
        ? t('buy.aboveMaximum', { max: error.bound, currency: error.currency })
        : error?.kind === 'invalid'
          ? t('buy.invalidAmount')
          : undefined
  const quote = state.quote
  const unknown = t('buy.unknown')
  const fiat = (value: string | undefined) => (value ? `${value} ${currency}` : unknown)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!buy.canContinue()) return
    // Opened on the click itself, so no popup blocker stops it; the URL follows once the server made it.
    const popup = openCheckoutWindow()
    const url = await buy.startPurchase()
    if (url && popup) popup.location.href = url
    else popup?.close()
  }

  return (
    <form className="fo-stack" onSubmit={submit} noValidate aria-busy={state.creating || undefined}>
      {state.optionsFallback && (
        <p className="fo-buy-fallback fo-muted" data-testid="onramp-fallback" role="status">
          {t('buy.sampleOptions')}
        </p>
      )}
      {methods.length > 1 && (
        <fieldset className="fo-buy-choices" style={{ border: 0, margin: 0, padding: 0 }}>
          <legend className="fo-section-title" style={{ marginBottom: 6 }}>
            {t('buy.paymentMethod')}
          </legend>
          {methods.map((method) => (
            <button
              key={method}
              type="button"
              className="fo-secondary"
              data-testid={`buy-method-${method}`}
              aria-pressed={state.paymentMethod === method}
              onClick={() => buy.selectPaymentMethod(method)}
            >
              {t(`buy.method.${method}`)}
            </button>
          ))}
        </fieldset>
      )}
      <label className="fo-field" htmlFor={`${ids}-amount`}>
        {t('buy.amount')}
      </label>
      <div className="fo-amount-box">
        <div className="fo-amount-line">
          <input
            id={`${ids}-amount`}
            className="fo-amount-input"
            data-testid="buy-amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={state.amount}
            disabled={state.creating}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-limits ${ids}-error`}
            onChange={(e) => buy.setAmount(e.target.value)}
          />
          <span className="fo-token-button" style={{ paddingLeft: 10 }}>
            {currency}
          </span>
        </div>
        <div className="fo-amount-meta">
          <span id={`${ids}-limits`} data-testid="buy-limits">
            {limits ? t('buy.limits', { min: limits.min, max: limits.max, currency }) : null}
          </span>
        </div>
      </div>
      <p
        id={`${ids}-error`}
        className="fo-error"
        data-testid="buy-amount-error"
        role="alert"
        style={{ margin: 0, fontSize: 14, minHeight: 20 }}
      >
        {errorText}
      </p>
      <div
        data-testid="buy-quote"
        data-loading={state.quoteLoading || undefined}
        data-fallback={state.quoteFallback || undefined}
        data-purchase-amount={quote?.purchaseAmount.amount || undefined}
        aria-busy={state.quoteLoading || undefined}
        aria-live="polite"
      >
        {state.quoteLoading ? (
          <p className="fo-notice" role="status">
            <Spinner size={16} />
            {t('buy.quoteLoading')}
          </p>
        ) : quote ? (
          <div className="fo-stack" style={{ gap: 8 }}>
            {state.quoteFallback && (
              <p className="fo-buy-fallback fo-muted" data-testid="onramp-fallback" role="status">
                {t('buy.placeholderQuote')}
              </p>
            )}
            <dl className="fo-details" style={{ margin: 0 }}>
              <dt>{t('buy.youGet')}</dt>
              <dd data-testid="buy-quote-amount">
                {quote.purchaseAmount.amount
                  ? `${floorDecimalString(quote.purchaseAmount.amount, TARGET_AMOUNT_DECIMALS)} ${symbol}`
                  : unknown}
              </dd>
              <dt>{t('buy.subtotal')}</dt>
              <dd>{fiat(quote.subtotal)}</dd>
              <dt>{t('buy.providerFee')}</dt>
              <dd>{fiat(quote.fees.provider)}</dd>
              <dt>{t('buy.networkFee')}</dt>
              <dd>{fiat(quote.fees.network)}</dd>
              <dt>{t('buy.totalFees')}</dt>
              <dd>{fiat(quote.fees.total)}</dd>
              <dt>{t('buy.total')}</dt>
              <dd data-testid="buy-quote-total">{fiat(quote.total)}</dd>
            </dl>
          </div>
        ) : null}
      </div>
      {state.creating && (
        <p className="fo-notice" role="status">
          <Spinner size={16} />
          {t('buy.creating')}
        </p>
      )}
      <button type="submit" className="fo-primary" data-testid="buy-continue" disabled={!buy.canContinue(state)}>
        {state.creating && <Spinner size={16} />}
        {t('buy.toCheckout', { provider: state.provider?.name ?? '' })}
      </button>
    </form>
  )
}
