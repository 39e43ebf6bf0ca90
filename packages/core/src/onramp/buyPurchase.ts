import { fetchTokenBalances } from '../account-data/fetchTokenBalances.ts'
import { invalidateAccountData } from '../account-data/watchAccountData.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import type { OnrampPurchase, OnrampUrlBodyInput } from '../protocol/onramp.ts'
import type { Store } from '../store/createStore.ts'
import type { BuyState } from './buyState.ts'
import { fetchOnrampPurchase } from './fetchOnrampPurchase.ts'

/**
 * The body of `POST /v1/generators/onrampurl` for the visitor's choices: the quote's figures when it is the server's
 * (not the placeholder), the account as the only destination. Call it once a currency and network are chosen.
 */
export function checkoutRequest(state: BuyState, address: string, fiat: string): OnrampUrlBodyInput {
  const quote = state.quote && !state.quoteFallback ? state.quote : undefined
  return {
    destinationWallets: [{ address, blockchains: [state.network!], assets: [state.purchaseCurrency!.id] }],
    defaultNetwork: state.network!,
    partnerUserId: address.toLowerCase(),
    defaultExperience: 'buy',
    presetFiatAmount: fiat,
    ...(quote ? { presetCryptoAmount: quote.purchaseAmount, quoteId: quote.quoteId } : {}),
    paymentCurrency: state.paymentCurrency?.id,
    paymentMethod: state.paymentMethod,
    provider: state.provider?.id,
  }
}

/**
 * BuyInProgress's reading of a purchase: its status every `pollMs` until it completed or failed (or `stop`), then the
 * account's data again and the purchased token's new balance.
 */
export function createPurchasePolling(client: FoyerClient, store: Store<BuyState>, pollMs: number) {
  const get = store.getState
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let polling: AbortController | undefined

  function stop() {
    clearTimeout(pollTimer)
    polling?.abort()
    polling = undefined
  }

  function poll(purchaseId: string) {
    stop()
    const request = new AbortController()
    polling = request
    const tick = async () => {
      try {
        const purchase = await fetchOnrampPurchase(client, { id: purchaseId, signal: request.signal })
        if (polling !== request) return
        store.setState({ purchase })
        if (purchase.status === 'completed' || purchase.status === 'failed') {
          polling = undefined
          if (purchase.status === 'completed') await afterCompletion(purchase)
          return
        }
      } catch (error) {
        if (polling !== request) return
        client.logger.warn('onramp: purchase status', error)
      }
      if (polling === request) pollTimer = setTimeout(() => void tick(), pollMs)
    }
    void tick()
  }

  /** The account's data again, and the purchased token's new balance for BuyInProgress. */
  async function afterCompletion(purchase: OnrampPurchase) {
    const address = client.getState().account.address
    if (!address) return
    invalidateAccountData(client)
    void client.refreshBalance()
    try {
      const balances = await fetchTokenBalances(client, {
        address,
        chainId: purchase.network as CaipNetworkId,
        forceUpdate: true,
      })
      const currency = get().options?.purchaseCurrencies.find((c) => c.id === purchase.purchaseCurrency)
      const contract = currency?.networks.find((n) => n.chainId === purchase.network)?.contractAddress.toLowerCase()
      const token =
        balances.find((b) => contract && b.address.toLowerCase() === contract) ??
        balances.find((b) => b.symbol === purchase.purchaseCurrency)
      if (get().purchaseId === purchase.id)
        store.setState({
          newBalance: {
            amount: token?.quantity.numeric ?? '0',
            symbol: token?.symbol ?? currency?.symbol ?? purchase.purchaseCurrency,
          },
        })
    } catch (error) {
      client.logger.warn('onramp: balance after purchase', error)
    }
  }

  return { poll, stop }
}
