import type { Transaction, TransactionTransfer } from '@foyer/core'
import { type enActivity, type KeysWith, shortenAddress, type Translate } from '@foyer/core/internal'
import { formatTokenAmount } from '../tokens/usdFormat.ts'

type ActivityTranslate = Translate<KeysWith<typeof enActivity>>

/** One line for a history entry: what moved (`−0.5 ETH → +1,000 FOY`), or whom the account dealt with. */
export function describeTransaction(entry: Transaction, t: ActivityTranslate, locale: string): string {
  const moves = [...entry.transfers].sort((a, b) => order(a) - order(b))
  if (moves.length === 0)
    return entry.metadata.sentTo ? t('activity.withAddress', { address: shortenAddress(entry.metadata.sentTo) }) : ''
  return moves.map((m) => describeTransfer(m, t, locale)).join(' → ')
}

const order = (t: TransactionTransfer) => (t.direction === 'out' ? 0 : t.direction === 'self' ? 1 : 2)

function describeTransfer(transfer: TransactionTransfer, t: ActivityTranslate, locale: string): string {
  const sign = transfer.direction === 'out' ? '−' : transfer.direction === 'in' ? '+' : ''
  if (transfer.nft_info) {
    const name = transfer.nft_info.name || transfer.nft_info.symbol || t('activity.nftUnnamed')
    return `${sign}${t('activity.nftItem', { name, tokenId: transfer.nft_info.tokenId })}`
  }
  const symbol = transfer.fungible_info?.symbol ?? t('activity.tokenUnknown')
  const amount =
    transfer.fungible_info?.decimals == null
      ? transfer.quantity.raw
      : formatTokenAmount(transfer.quantity.numeric, locale)
  return `${sign}${amount} ${symbol}`
}
