import { isBuyVisible } from '@foyer/core/internal'
import { useEffect, useId } from 'react'
import { ChevronIcon } from '../../components/accountIcons.tsx'
import { useFoyerAccount } from '../../hooks/useFoyerAccount.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { useBuy, useBuyAvailability } from './useBuy.ts'

/**
 * Buy crypto, first step: the operator's on-ramp providers with their label, fee range and networks (a sandbox is
 * marked as one). Needs a connected account: what is bought goes to it.
 */
export function BuyProvidersView() {
  const { address } = useFoyerAccount()
  const { client, t, buy } = useBuy()
  const availability = useBuyAvailability()
  const ids = useId()
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(() => preloadViewsWhenIdle(['BuyCurrencies', 'BuyAmount']), [preloadViewsWhenIdle])
  useEffect(() => void buy.loadProviders(), [buy])

  if (!isBuyVisible(client, availability)) {
    return (
      <div className="fo-center" data-testid="buy-unavailable">
        <p className="fo-muted">{t('buy.unavailable')}</p>
      </div>
    )
  }
  if (!address) {
    return (
      <div className="fo-center">
        <p className="fo-muted">{t('buy.connectFirst')}</p>
        <button type="button" className="fo-primary" data-testid="buy-connect" onClick={() => buy.connectFirst()}>
          {t('button.connect')}
        </button>
      </div>
    )
  }
  if (availability.status === 'error') {
    return (
      <div className="fo-center" data-testid="buy-providers-error">
        <p className="fo-error" role="alert">
          {t('buy.providersFailed')}
        </p>
        <button type="button" className="fo-primary" onClick={() => void buy.loadProviders(true)}>
          {t('modal.retry')}
        </button>
      </div>
    )
  }
  if (availability.status !== 'ready') {
    return (
      <div className="fo-list" role="img" aria-label={t('modal.loading')} aria-busy="true">
        {[0, 1].map((i) => (
          <span key={i} className="fo-skeleton" style={{ height: 72 }} />
        ))}
      </div>
    )
  }
  if (availability.providers.length === 0) {
    return (
      <div className="fo-center">
        <p className="fo-muted">{t('buy.noProviders')}</p>
      </div>
    )
  }

  function choose(id: string) {
    buy.selectProvider(id)
    client.navigate.push('BuyCurrencies')
  }

  return (
    <section aria-labelledby={`${ids}-providers`} className="fo-stack">
      <h3 id={`${ids}-providers`} className="fo-visually-hidden">
        {t('buy.providersLabel')}
      </h3>
      <ul className="fo-buy-list">
        {availability.providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className="fo-row"
              data-testid={`buy-provider-${provider.id}`}
              data-sandbox={provider.sandbox || undefined}
              onClick={() => choose(provider.id)}
            >
              <span className="fo-row-label">
                {provider.name}{' '}
                {provider.sandbox && (
                  <span className="fo-tag" data-testid="buy-sandbox-mark">
                    {t('buy.sandbox')}
                  </span>
                )}
                <br />
                <span className="fo-row-detail">{provider.label}</span>
                <br />
                <span className="fo-row-detail">{t('buy.fees', { fees: provider.feeRange })}</span>
                <br />
                <span className="fo-row-detail">
                  {t('buy.chains', {
                    chains: provider.supportedChains.map((id) => client.getNetwork(id)?.name ?? id).join(', '),
                  })}
                </span>
              </span>
              <ChevronIcon size={18} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
