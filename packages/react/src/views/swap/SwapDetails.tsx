import {
  BALANCE_DECIMALS,
  enTransfer,
  formatUnitsFloored,
  SWAP_PROVIDER_FEE_PERCENT,
  type SwapState,
  swapCallTargets,
} from '@foyer/core/internal'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { formatUsd } from './transferFormat.ts'
import { useGasSponsored } from './useGasSponsored.ts'

/**
 * The quote's details: price impact, max slippage (1 %), provider fee (0.85 %), network cost (gas × 150000 × price),
 * or "Gas sponsored by this site" where the site pays it.
 */
export function SwapDetails({ state }: { state: SwapState }) {
  const { t, locale } = useFoyerLocale(enTransfer)
  const gasSponsored = useGasSponsored(swapCallTargets(state))
  const { sourceToken, toToken } = state
  if (!sourceToken || !toToken) return null
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
  return (
    <dl className="fo-details" data-testid="swap-details">
      {state.priceImpact !== undefined && (
        <>
          <dt>{t('swap.priceImpact')}</dt>
          <dd data-testid="swap-price-impact">{percent.format(state.priceImpact / 100)}</dd>
        </>
      )}
      {state.maxSlippage !== undefined && (
        <>
          <dt>{t('swap.maxSlippage')}</dt>
          <dd data-testid="swap-max-slippage">
            {formatUnitsFloored(state.maxSlippage, toToken.decimals, 6)} {toToken.symbol} (
            {percent.format(state.slippage / 100)})
          </dd>
        </>
      )}
      {state.providerFee !== undefined && (
        <>
          <dt>{t('swap.providerFee')}</dt>
          <dd data-testid="swap-provider-fee">
            {formatUnitsFloored(state.providerFee, sourceToken.decimals, BALANCE_DECIMALS + 3)} {sourceToken.symbol} (
            {percent.format(SWAP_PROVIDER_FEE_PERCENT / 100)})
          </dd>
        </>
      )}
      {gasSponsored ? (
        <>
          <dt>{t('swap.networkCost')}</dt>
          <dd data-testid="swap-gas-sponsored">{t('swap.gasSponsored')}</dd>
        </>
      ) : (
        state.gasPriceInUSD !== undefined && (
          <>
            <dt>{t('swap.networkCost')}</dt>
            <dd data-testid="swap-network-cost">{formatUsd(state.gasPriceInUSD, locale)}</dd>
          </>
        )
      )}
    </dl>
  )
}
