import {
  enTransfer,
  formatUnitsFloored,
  isNativeToken,
  sendCallTargets,
  sendInputError,
  shortenAddress,
} from '@foyer/core/internal'
import { useEffect, useId } from 'react'
import { Avatar } from '../../components/Avatar.tsx'
import { TokenMark } from '../../components/TokenMark.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { formatBalance, formatUsd, isAmountInput } from '../swap/transferFormat.ts'
import { transferCss } from '../swap/transferStyles.ts'
import { useGasSponsored } from '../swap/useGasSponsored.ts'
import { useSend } from './useSend.ts'

/**
 * Send: a token you hold, the amount (Max leaves the network cost), the receiver, the network cost — or "Gas
 * sponsored by this site" where the site pays it (then nothing is kept back for gas).
 */
export function SendView() {
  const client = useFoyerClient()
  const { t, locale } = useFoyerLocale(enTransfer)
  const { send, state } = useSend()
  const gasSponsored = useGasSponsored(sendCallTargets(state))
  const ids = useId()
  useStyle('foyer-transfer-style', transferCss)
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(() => {
    void send.initialize()
    return preloadViewsWhenIdle(['SendSelectToken', 'SendPreview'])
  }, [send, preloadViewsWhenIdle])

  if (state.status !== 'ready') {
    return (
      <div className="fo-list" role="progressbar" aria-label={t('modal.loading')} data-testid="send-loading">
        <span className="fo-skeleton" style={{ height: 96 }} />
        <span className="fo-skeleton" style={{ height: 56 }} />
      </div>
    )
  }
  const network = client.getSelectedNetwork()
  const { token } = state
  const error = sendInputError(state, network, { gasSponsored })
  // Say what is wrong once there is something to judge; an empty form just asks on its button.
  // An unknown receiver name is said at once, whatever else is missing.
  const shownError =
    state.receiverNameStatus === 'error'
      ? 'snackbar.errorResolvingName'
      : error === 'send.invalidAddress' || error === 'error.insufficientBalance'
        ? error
        : undefined
  const receiverInvalid = error === 'send.invalidAddress' || state.receiverNameStatus === 'error'
  const native = state.tokens.find(isNativeToken)
  const costUsd =
    state.networkCost !== undefined && native?.price
      ? (Number(state.networkCost) / 10 ** network.nativeCurrency.decimals) * native.price
      : undefined

  return (
    <div className="fo-stack" data-testid="send-view">
      <section className="fo-amount-box" aria-labelledby={`${ids}-amount`}>
        <span id={`${ids}-amount`} className="fo-row-detail">
          {t('send.amountLabel')}
        </span>
        <div className="fo-amount-line">
          <input
            className="fo-amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            aria-label={t('send.amountLabel')}
            data-testid="send-amount"
            value={state.sendTokenAmount}
            aria-invalid={error === 'error.insufficientBalance' || undefined}
            onChange={(e) => {
              const value = e.target.value.replace(',', '.')
              if (isAmountInput(value, token?.decimals ?? 18)) send.setAmount(value)
            }}
          />
          <button
            type="button"
            className="fo-token-button"
            data-testid="send-token"
            aria-label={t('send.chooseToken', { symbol: token?.symbol ?? t('send.selectToken') })}
            onClick={() => client.navigate.push('SendSelectToken')}
          >
            {token && <TokenMark symbol={token.symbol} iconUrl={token.iconUrl} small />}
            <span>{token?.symbol ?? t('send.selectToken')}</span>
          </button>
        </div>
        <div className="fo-amount-meta">
          <span>
            {token?.price && Number(state.sendTokenAmount)
              ? formatUsd(Number(state.sendTokenAmount) * token.price, locale)
              : ''}
          </span>
          {token && (
            <span className="fo-amount-line">
              <span data-testid="send-balance">{t('send.balance', { amount: formatBalance(token) })}</span>
              <button type="button" className="fo-small-button" data-testid="send-max" onClick={send.setMaxAmount}>
                {t('send.max')}
              </button>
            </span>
          )}
        </div>
      </section>
      <label className="fo-field">
        {t('send.receiverLabel')}
        <input
          className="fo-text-input"
          data-testid="send-receiver"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('send.receiverPlaceholder')}
          value={state.receiverName ?? state.receiverAddress}
          aria-invalid={receiverInvalid || undefined}
          aria-describedby={
            [
              shownError && `${ids}-error`,
              state.receiverNameStatus !== 'error' && state.receiverName && `${ids}-receiver`,
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => send.setReceiverAddress(e.target.value)}
        />
      </label>
      {state.receiverNameStatus === 'resolving' && (
        <p id={`${ids}-receiver`} className="fo-muted" role="status" style={{ margin: 0, fontSize: 14 }}>
          {t('send.resolvingName')}
        </p>
      )}
      {state.receiverNameStatus === 'resolved' && (
        <div id={`${ids}-receiver`} className="fo-row" style={{ cursor: 'default' }} data-testid="send-receiver-name">
          <Avatar address={state.receiverAddress} image={state.receiverProfileImage} size={32} />
          <span className="fo-row-label">
            {state.receiverProfileName}
            <br />
            <span className="fo-row-detail" data-testid="send-receiver-address" title={state.receiverAddress}>
              {shortenAddress(state.receiverAddress, 6, 6)}
            </span>
          </span>
        </div>
      )}
      {shownError && (
        <p id={`${ids}-error`} className="fo-notice" data-tone="error" role="alert" data-testid="send-input-error">
          {t(shownError)}
        </p>
      )}
      {gasSponsored ? (
        <dl className="fo-details">
          <dt>{t('send.networkCost')}</dt>
          <dd data-testid="send-gas-sponsored">{t('send.gasSponsored')}</dd>
        </dl>
      ) : (
        state.networkCost !== undefined && (
          <dl className="fo-details">
            <dt>{t('send.networkCost')}</dt>
            <dd data-testid="send-network-cost">
              {costUsd !== undefined
                ? formatUsd(costUsd, locale)
                : `${formatUnitsFloored(state.networkCost, network.nativeCurrency.decimals, 6)} ${network.nativeCurrency.symbol}`}
            </dd>
          </dl>
        )
      )}
      <button
        type="button"
        className="fo-primary"
        data-testid="send-review"
        disabled={Boolean(error)}
        onClick={() => client.navigate.push('SendPreview')}
      >
        {t(error ?? 'send.review')}
      </button>
    </div>
  )
}
