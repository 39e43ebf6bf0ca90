import { enTransfer } from '@foyer/core/internal'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { TokenList } from '../swap/TokenList.tsx'
import { transferCss } from '../swap/transferStyles.ts'
import { useSend } from './useSend.ts'

/** Picks the token to send among those the account holds. */
export function SendSelectTokenView() {
  const { t } = useFoyerLocale(enTransfer)
  const { send, state } = useSend()
  useStyle('foyer-transfer-style', transferCss)
  return (
    <TokenList
      sections={[{ title: t('swap.yourTokens'), tokens: state.tokens }]}
      current={state.token?.id}
      onSelect={send.selectToken}
      searchLabel={t('send.search')}
      emptyLabel={t('send.noTokens')}
      testIdPrefix="send-token"
    />
  )
}
