import {
  enTransfer,
  formatUnitsFloored,
  isPositiveAmount,
  type KeysWith,
  parseUnits,
  swapCallTargets,
} from '@foyer/core/internal'
import { useEffect, useId } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { TokenMark } from '../../components/TokenMark.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { FlipIcon } from './FlipIcon.tsx'
import { SwapDetails } from './SwapDetails.tsx'
import { formatBalance, formatUsd, isAmountInput } from './transferFormat.ts'
import { transferCss } from './transferStyles.ts'
import { useGasSponsored } from './useGasSponsored.ts'
import { useSwap } from './useSwap.ts'

/**
 * Swap: what to pay and receive, the amount (Max leaves gas, unless the site pays it), the quote and its details,
 * then the preview.
 */
export function SwapView() {
  const client = useFoyerClient()
  const { t, locale } = useFoyerLocale(enTransfer)
  const { swap, state } = useSwap()
  const gasSponsored = useGasSponsored(swapCallTargets(state))
  const payId = useId()
  const receiveId = useId()
  useStyle('foyer-transfer-style', transferCss)
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(() => {
    swap.initialize().catch(() => {}) // failures show their message and go back
    return preloadViewsWhenIdle(['SwapSelectToken', 'SwapPreview'])
  }, [swap, preloadViewsWhenIdle])
  // The project's settings or the account type may come after an amount was checked.
  useEffect(() => swap.recheckGasSponsorship(gasSponsored), [swap, gasSponsored])

  if (state.status !== 'ready') {
    return (
      <div className="fo-list" role="progressbar" aria-label={t('modal.loading')} data-testid="swap-loading">
        <span className="fo-skeleton" style={{ height: 96 }} />
        <span className="fo-skeleton" style={{ height: 96 }} />
      </div>
    )
  }

  const { sourceToken, toToken, sourceTokenAmount, toTokenAmount } = state
  const amountUsd =
    sourceToken && isPositiveAmount(sourceTokenAmount) ? Number(sourceTokenAmount) * sourceToken.price : 0
  const targetUsd = toToken && toTokenAmount ? Number(toTokenAmount) * toToken.price : 0
  const hasQuote = state.toTokenAmountRaw !== undefined
  const blocker: KeysWith<typeof enTransfer> | undefined =
    !sourceToken || !toToken
      ? 'swap.selectToken'
      : !isPositiveAmount(sourceTokenAmount) || parseUnits(sourceTokenAmount, sourceToken.decimals) === 0n
        ? 'swap.enterAmount'
        : (state.inputError ?? state.quoteError ?? (state.loadingQuote || !hasQuote ? 'swap.quoting' : undefined))
  const rate =
    sourceToken && toToken && hasQuote && isPositiveAmount(sourceTokenAmount)
      ? formatUnitsFloored(
          (state.toTokenAmountRaw! * 10n ** BigInt(sourceToken.decimals)) /
            parseUnits(sourceTokenAmount, sourceToken.decimals),
          toToken.decimals,
          6,
        )
      : undefined

  return (
    <div className="fo-stack" data-testid="swap-view">
      <section className="fo-amount-box" aria-labelledby={payId}>
        <span id={payId} className="fo-row-detail">
          {t('swap.youPay')}
        </span>
        <div className="fo-amount-line">
          <input
            className="fo-amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            aria-label={t('swap.amountLabel')}
            aria-invalid={state.inputError ? true : undefined}
            aria-describedby={state.inputError ? `${payId}-error` : undefined}
            data-testid="swap-source-amount"
            value={sourceTokenAmount}
            onChange={(e) => {
              const value = e.target.value.replace(',', '.')
              if (isAmountInput(value, sourceToken?.decimals ?? 18)) swap.setSourceAmount(value)
            }}
          />
          <TokenButton
            symbol={sourceToken?.symbol}
            iconUrl={sourceToken?.iconUrl}
            label={t('swap.chooseSource', { symbol: sourceToken?.symbol ?? t('swap.selectToken') })}
            testId="swap-source-token"
            onClick={() => swap.openTokenSelect('source')}
          />
        </div>
        <div className="fo-amount-meta">
          <span>{amountUsd ? formatUsd(amountUsd, locale) : ''}</span>
          {sourceToken && (
            <span className="fo-amount-line">
              <span data-testid="swap-source-balance">{t('swap.balance', { amount: formatBalance(sourceToken) })}</span>
              <button type="button" className="fo-small-button" data-testid="swap-max" onClick={swap.setMaxAmount}>
                {t('swap.max')}
              </button>
            </span>
          )}
        </div>
      </section>
      <button
        type="button"
        className="fo-flip"
        data-testid="swap-flip"
        aria-label={t('swap.flip')}
        onClick={swap.switchTokens}
      >
        <FlipIcon />
      </button>
      <section className="fo-amount-box" aria-labelledby={receiveId} aria-busy={state.loadingQuote || undefined}>
        <span id={receiveId} className="fo-row-detail">
          {t('swap.youReceive')}
        </span>
        <div className="fo-amount-line">
          <output className="fo-amount-input" aria-label={t('swap.targetAmountLabel')} data-testid="swap-target-amount">
            {state.loadingQuote ? <Spinner size={20} /> : toTokenAmount || '0'}
          </output>
          <TokenButton
            symbol={toToken?.symbol}
            iconUrl={toToken?.iconUrl}
            label={t('swap.chooseTarget', { symbol: toToken?.symbol ?? t('swap.selectToken') })}
            testId="swap-target-token"
            onClick={() => swap.openTokenSelect('target')}
          />
        </div>
        <div className="fo-amount-meta">
          <span>{targetUsd ? formatUsd(targetUsd, locale) : ''}</span>
          {toToken && <span>{t('swap.balance', { amount: formatBalance(toToken) })}</span>}
        </div>
      </section>
      {(state.inputError || state.quoteError) && (
        <p id={`${payId}-error`} className="fo-notice" data-tone="error" role="alert" data-testid="swap-input-error">
          {t((state.inputError ?? state.quoteError)!)}
        </p>
      )}
      {rate && sourceToken && toToken && (
        <p className="fo-muted" data-testid="swap-rate" style={{ fontSize: 13, textAlign: 'center' }}>
          {t('swap.rate', { from: sourceToken.symbol, rate, to: toToken.symbol })}
        </p>
      )}
      {hasQuote && !state.inputError && <SwapDetails state={state} />}
      <button
        type="button"
        className="fo-primary"
        data-testid="swap-review"
        disabled={Boolean(blocker)}
        onClick={() => client.navigate.push('SwapPreview')}
      >
        {t(blocker ?? 'swap.review')}
      </button>
    </div>
  )
}

function TokenButton({
  symbol,
  iconUrl,
  label,
  testId,
  onClick,
}: {
  symbol?: string
  iconUrl?: string | null
  label: string
  testId: string
  onClick(): void
}) {
  const { t } = useFoyerLocale(enTransfer)
  return (
    <button type="button" className="fo-token-button" aria-label={label} data-testid={testId} onClick={onClick}>
      {symbol && <TokenMark symbol={symbol} iconUrl={iconUrl} small />}
      <span>{symbol ?? t('swap.selectToken')}</span>
    </button>
  )
}
