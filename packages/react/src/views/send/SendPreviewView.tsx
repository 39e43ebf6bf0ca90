import {
  enTransfer,
  formatUnitsFloored,
  isNativeToken,
  sendCallTargets,
  sendInputError,
  shortenAddress,
} from '@foyer/core/internal'
import { Avatar } from '../../components/Avatar.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { TokenMark } from '../../components/TokenMark.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { formatUsd } from '../swap/transferFormat.ts'
import { transferCss } from '../swap/transferStyles.ts'
import { useGasSponsored } from '../swap/useGasSponsored.ts'
import { useSend } from './useSend.ts'

/**
 * The send's last step: what goes where and what the network takes (or that the site pays it); Send asks the
 * wallet.
 */
export function SendPreviewView() {
  const client = useFoyerClient()
  const { t, locale } = useFoyerLocale(enTransfer)
  const { send, state } = useSend()
  const gasSponsored = useGasSponsored(sendCallTargets(state))
  useStyle('foyer-transfer-style', transferCss)
  const network = client.getSelectedNetwork()
  const { token } = state
  if (!token) return null
  const native = state.tokens.find(isNativeToken)
  const costUsd =
    state.networkCost !== undefined && native?.price
      ? (Number(state.networkCost) / 10 ** network.nativeCurrency.decimals) * native.price
      : undefined
  return (
    <div className="fo-stack" data-testid="send-preview" aria-busy={state.sending || undefined}>
      <div className="fo-row" style={{ cursor: 'default' }}>
        <TokenMark symbol={token.symbol} iconUrl={token.iconUrl} small />
        <span className="fo-row-label">
          <span className="fo-row-detail">{t('send.youSend')}</span>
          <br />
          <span className="fo-preview-amount" data-testid="send-preview-amount">
            {state.sendTokenAmount} {token.symbol}
          </span>
        </span>
        <span className="fo-row-end">
          {token.price ? formatUsd(Number(state.sendTokenAmount) * token.price, locale) : ''}
        </span>
      </div>
      <div className="fo-row" style={{ cursor: 'default' }}>
        <Avatar address={state.receiverAddress} image={state.receiverProfileImage} size={32} />
        <span className="fo-row-label">
          <span className="fo-row-detail">{t('send.receiverLabel')}</span>
          <br />
          <span data-testid="send-preview-receiver" title={state.receiverAddress}>
            {state.receiverProfileName || shortenAddress(state.receiverAddress, 6, 6)}
          </span>
        </span>
      </div>
      {gasSponsored ? (
        <dl className="fo-details">
          <dt>{t('send.networkCost')}</dt>
          <dd data-testid="send-gas-sponsored">{t('send.gasSponsored')}</dd>
        </dl>
      ) : (
        state.networkCost !== undefined && (
          <dl className="fo-details">
            <dt>{t('send.networkCost')}</dt>
            <dd>
              {costUsd !== undefined
                ? formatUsd(costUsd, locale)
                : `${formatUnitsFloored(state.networkCost, network.nativeCurrency.decimals, 6)} ${network.nativeCurrency.symbol}`}
            </dd>
          </dl>
        )
      )}
      <div className="fo-button-pair">
        <button
          type="button"
          className="fo-secondary"
          data-testid="send-cancel"
          disabled={state.sending}
          onClick={client.navigate.goBack}
        >
          {t('send.cancel')}
        </button>
        <button
          type="button"
          className="fo-primary"
          data-testid="send-confirm"
          disabled={state.sending || Boolean(sendInputError(state, network, { gasSponsored }))}
          onClick={() => void send.send()}
        >
          {state.sending && <Spinner size={16} />}
          {t('send.confirm')}
        </button>
      </div>
    </div>
  )
}
