import { enTransfer } from '@foyer/core/internal'
import { useEffect } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { TokenMark } from '../../components/TokenMark.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { SwapDetails } from './SwapDetails.tsx'
import { formatUsd } from './transferFormat.ts'
import { transferCss } from './transferStyles.ts'
import { useSwap } from './useSwap.ts'

/**
 * The swap's last step: checks the allowance, asks for an approval first when it is short ("Approve limit increase
 * in your wallet"), then the swap ("Swapping X to Y" → "Swapped X to Y", back to Account). A wallet that runs call
 * batches atomically gets both at once: one confirmation.
 */
export function SwapPreviewView() {
  const client = useFoyerClient()
  const { t, locale } = useFoyerLocale(enTransfer)
  const { swap, state } = useSwap()
  useStyle('foyer-transfer-style', transferCss)
  useEffect(() => {
    void swap.prepareTransaction()
  }, [swap])

  const { sourceToken, toToken } = state
  if (!sourceToken || !toToken || state.toTokenAmountRaw === undefined) return null
  const busy = state.loadingTransaction || Boolean(state.sending)
  const amountOf = (amount: string, price: number) => (price ? formatUsd(Number(amount) * price, locale) : '')

  return (
    <div className="fo-stack" data-testid="swap-preview" aria-busy={busy || undefined}>
      <div className="fo-row" style={{ cursor: 'default' }}>
        <TokenMark symbol={sourceToken.symbol} iconUrl={sourceToken.iconUrl} small />
        <span className="fo-row-label">
          <span className="fo-row-detail">{t('swap.youPay')}</span>
          <br />
          <span className="fo-preview-amount" data-testid="swap-preview-source">
            {state.sourceTokenAmount} {sourceToken.symbol}
          </span>
        </span>
        <span className="fo-row-end">{amountOf(state.sourceTokenAmount, sourceToken.price)}</span>
      </div>
      <div className="fo-row" style={{ cursor: 'default' }}>
        <TokenMark symbol={toToken.symbol} iconUrl={toToken.iconUrl} small />
        <span className="fo-row-label">
          <span className="fo-row-detail">{t('swap.youReceive')}</span>
          <br />
          <span className="fo-preview-amount" data-testid="swap-preview-target">
            {state.toTokenAmount} {toToken.symbol}
          </span>
        </span>
        <span className="fo-row-end">{amountOf(state.toTokenAmount, toToken.price)}</span>
      </div>
      <SwapDetails state={state} />
      {state.loadingTransaction && (
        <p className="fo-notice" role="status" data-testid="swap-preparing">
          <Spinner size={16} /> {t('swap.preparing')}
        </p>
      )}
      {state.approvalTransaction && (
        <p className="fo-notice" data-testid="swap-approve-explainer">
          {t('swap.approveExplainer', { amount: state.sourceTokenAmount, symbol: sourceToken.symbol })}
        </p>
      )}
      <div className="fo-button-pair">
        <button
          type="button"
          className="fo-secondary"
          data-testid="swap-cancel"
          disabled={Boolean(state.sending)}
          onClick={client.navigate.goBack}
        >
          {t('swap.cancel')}
        </button>
        {state.approvalTransaction && !state.batched ? (
          <button
            type="button"
            className="fo-primary"
            data-testid="swap-approve"
            disabled={busy}
            onClick={() => void swap.sendApproval()}
          >
            {state.sending === 'approval' && <Spinner size={16} />}
            {t('swap.approve', { symbol: sourceToken.symbol })}
          </button>
        ) : (
          <button
            type="button"
            className="fo-primary"
            data-testid="swap-confirm"
            disabled={busy || !state.swapTransaction}
            onClick={() => void swap.sendSwap()}
          >
            {state.sending === 'swap' && <Spinner size={16} />}
            {t('swap.confirm')}
          </button>
        )}
      </div>
    </div>
  )
}
