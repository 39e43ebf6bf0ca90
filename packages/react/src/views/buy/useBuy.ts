import { type BuyController, type BuyState, enBuy, getBuyController } from '@foyer/core/internal'
import { useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { accountCss } from '../account/accountStyles.ts'
import { transferCss } from '../swap/transferStyles.ts'
import { buyCss } from './buyStyles.ts'

export { useBuyAvailability } from './useBuyAvailability.ts'

/**
 * What every Buy view starts with: its styles (Account's rows, the transfer views' amount box, Buy's own), the
 * client, the Buy strings, and the buy flow's controller (core) with its state.
 */
export function useBuy() {
  useStyle('foyer-account-style', accountCss)
  useStyle('foyer-transfer-style', transferCss)
  useStyle('foyer-buy-style', buyCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enBuy)
  const buy: BuyController = getBuyController(client)
  const state: BuyState = useSyncExternalStore(buy.subscribe, buy.getState, buy.getState)
  return { client, t, buy, state }
}
