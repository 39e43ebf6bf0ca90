import { useEffect, useId } from 'react'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { useBuy } from './useBuy.ts'

/**
 * Buy crypto, second step: what to buy (the provider's purchase currencies, on the selected network when offered
 * there) and what to pay with (its payment currencies). When the provider's options could not be read, the built-in
 * sample options show, marked as such.
 */
export function BuyCurrenciesView() {
  const { client, t, buy, state } = useBuy()
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const ids = useId()
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(() => preloadViewsWhenIdle(['BuyAmount']), [preloadViewsWhenIdle])
  // Opened without a provider chosen (e.g. straight from the site): back to the providers.
  useEffect(() => {
    if (!state.provider) client.navigate.replace('BuyProviders')
  }, [client, state.provider])

  if (state.optionsStatus !== 'ready' || !state.options) {
    return (
      <div className="fo-list" role="img" aria-label={t('modal.loading')} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <span key={i} className="fo-skeleton" style={{ height: 56 }} />
        ))}
      </div>
    )
  }
  const here = buy.purchaseCurrenciesHere()
  const networkName = (id: string) => client.getNetwork(id as typeof selectedNetworkId)?.name ?? id

  return (
    <div className="fo-stack">
      {state.optionsFallback && (
        <p className="fo-buy-fallback fo-muted" data-testid="onramp-fallback" role="status">
          {t('buy.sampleOptions')}
        </p>
      )}
      <section aria-labelledby={`${ids}-purchase`}>
        <h3 id={`${ids}-purchase`} className="fo-section-title" style={{ margin: '0 0 6px' }}>
          {t('buy.purchaseCurrency')}
        </h3>
        <ul className="fo-buy-list">
          {here.map((currency) => {
            const onSelected = currency.networks.some((n) => n.chainId === selectedNetworkId)
            const chosen = state.purchaseCurrency?.id === currency.id
            const network = chosen ? state.network : undefined
            return (
              <li key={currency.id}>
                <button
                  type="button"
                  className="fo-row"
                  data-testid={`buy-currency-${currency.id}`}
                  aria-pressed={chosen}
                  onClick={() => buy.selectPurchaseCurrency(currency.id)}
                >
                  <span className="fo-token-mark" aria-hidden="true">
                    {currency.symbol.slice(0, 4)}
                  </span>
                  <span className="fo-row-label">
                    {currency.name} ({currency.symbol})
                    <br />
                    <span className="fo-row-detail">
                      {onSelected
                        ? t('buy.onNetwork', { network: networkName(network ?? selectedNetworkId) })
                        : t('buy.notOnNetwork', { network: networkName(selectedNetworkId) })}
                    </span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      </section>
      <section aria-labelledby={`${ids}-payment`}>
        <h3 id={`${ids}-payment`} className="fo-section-title" style={{ margin: '0 0 6px' }}>
          {t('buy.paymentCurrency')}
        </h3>
        <div className="fo-buy-choices">
          {state.options.paymentCurrencies.map((currency) => (
            <button
              key={currency.id}
              type="button"
              className="fo-secondary"
              data-testid={`buy-payment-currency-${currency.id}`}
              aria-pressed={state.paymentCurrency?.id === currency.id}
              onClick={() => buy.selectPaymentCurrency(currency.id)}
            >
              {currency.id}
            </button>
          ))}
        </div>
      </section>
      <button
        type="button"
        className="fo-primary"
        data-testid="buy-continue"
        disabled={!state.purchaseCurrency || !state.paymentCurrency || !state.network}
        onClick={() => client.navigate.push('BuyAmount')}
      >
        {t('buy.continue')}
      </button>
    </div>
  )
}
