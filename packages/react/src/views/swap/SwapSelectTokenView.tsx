import { enTransfer } from '@foyer/core/internal'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { TokenList } from './TokenList.tsx'
import { transferCss } from './transferStyles.ts'
import { useSwap } from './useSwap.ts'

/** Picks the source or target token: search, the tokens you hold, then the other tokens the swap offers. */
export function SwapSelectTokenView() {
  const { t } = useFoyerLocale(enTransfer)
  const { swap, state } = useSwap()
  useStyle('foyer-transfer-style', transferCss)
  const current = state.selectingSide === 'target' ? state.toToken : state.sourceToken
  const yours = state.tokens.filter((token) => token.balance > 0n)
  const suggested = state.tokens.filter((token) => token.balance === 0n)
  return (
    <TokenList
      sections={[
        { title: t('swap.yourTokens'), tokens: yours },
        { title: t('swap.suggested'), tokens: suggested },
      ]}
      current={current?.id}
      onSelect={swap.selectToken}
      searchLabel={t('swap.search')}
      emptyLabel={t('swap.noTokens')}
      testIdPrefix="swap-token"
    />
  )
}
