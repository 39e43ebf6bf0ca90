import { fetchTokenBalances } from '../account-data/fetchTokenBalances.ts'
import { invalidateAccountData } from '../account-data/watchAccountData.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { onePerClient } from '../client/onePerClient.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import { amountBand } from '../protocol/analytics.ts'
import type {
  OnrampOptionsResponse,
  OnrampPurchase,
  OnrampPurchaseCurrency,
  OnrampUrlBodyInput,
} from '../protocol/onramp.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { buyAmountError, normalizeFiat } from './buyAmount.ts'
import { getBuyAvailability, httpCodeOf } from './buyAvailability.ts'
import { placeholderOnrampQuote, sampleOnrampOptions } from './buyFallbacks.ts'
import { BUY_POLL_MS, BUY_QUOTE_DELAY_MS, type BuyState, initialBuyState } from './buyState.ts'
import { createOnrampUrl } from './createOnrampUrl.ts'
import { fetchOnrampOptions } from './fetchOnrampOptions.ts'
import { fetchOnrampPurchase } from './fetchOnrampPurchase.ts'
import { fetchOnrampQuote } from './fetchOnrampQuote.ts'

export type BuyController = ReturnType<typeof createBuyController>
const controllers = onePerClient((client) => createBuyController(client))

/** The buy flow of one Foyer client (made on first use, by the Buy views). */
export function getBuyController(client: FoyerClient): BuyController {
  return controllers(client)
}

/**
 * Buying crypto through an on-ramp provider: pick a provider (BuyProviders), what to buy and pay with
 * (BuyCurrencies, from `GET /v1/onramp/options` — the built-in sample options when that fails), the amount with a
 * live quote after a 300 ms pause (BuyAmount; the method's min and max checked first; a placeholder quote when the
 * quote fails), then the provider's checkout (`POST /v1/generators/onrampurl`) in a new window while BuyInProgress
 * reads the purchase every 2 s until it completes or fails, and then the account's data again.
 */
export function createBuyController(
  client: FoyerClient,
  { delayMs = BUY_QUOTE_DELAY_MS, pollMs = BUY_POLL_MS }: { delayMs?: number; pollMs?: number } = {},
) {
  const store: Store<BuyState> = createStore(initialBuyState)
  const get = store.getState
  const availability = getBuyAvailability(client)
  let quoteTimer: ReturnType<typeof setTimeout> | undefined
  let quoteRequest: AbortController | undefined
  let optionsRequest: AbortController | undefined
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let polling: AbortController | undefined
  /** The quote the last purchase was made with (a quote buys one purchase). */
  let spentQuoteId: string | undefined

  /** BuyProviders sent a visitor without an account to Connect: come back to it once connected. */
  let resumeAfterConnect = false

  client.subscribe((state, previous) => {
    if (state.account.address !== previous.account.address) reset()
    if (!resumeAfterConnect) return
    // `connect` closes the modal on success: Buy opens again. Closed without an account: the visitor gave up.
    if (previous.modal.open && !state.modal.open) {
      resumeAfterConnect = false
      if (state.account.isConnected) client.open({ view: 'BuyProviders' })
    }
    // With sign-in on, the modal stays open and a signed-in connect lands on Account: on to Buy from there.
    else if (state.router.view === 'Account' && previous.router.view !== 'Account' && state.account.isConnected) {
      resumeAfterConnect = false
      client.navigate.push('BuyProviders')
    }
  })

  /** Connect first (what is bought goes to the account), then back to BuyProviders. */
  function connectFirst() {
    resumeAfterConnect = true
    client.navigate.push('Connect')
  }

  function cancelQuote() {
    clearTimeout(quoteTimer)
    quoteRequest?.abort()
    quoteRequest = undefined
  }

  function reset() {
    cancelQuote()
    stopPolling()
    optionsRequest?.abort()
    store.setState(initialBuyState)
  }

  /** Reads the providers (and the restricted time zones) unless already read. */
  function loadProviders(force = false) {
    return availability.load(force)
  }

  /** Picks a provider and reads what it sells (the sample options, marked, when that fails). */
  function selectProvider(id: string) {
    const provider = availability.store.getState().providers.find((p) => p.id === id)
    if (!provider) return
    if (get().provider?.id !== provider.id) {
      cancelQuote()
      store.setState({
        ...initialBuyState,
        provider,
      })
    }
    if (get().optionsStatus !== 'ready') void loadOptions()
  }

  async function loadOptions() {
    const provider = get().provider
    optionsRequest?.abort()
    const request = new AbortController()
    optionsRequest = request
    store.setState({ optionsStatus: 'loading' })
    let options: OnrampOptionsResponse
    let optionsFallback = false
    try {
      options = await fetchOnrampOptions(client, { provider: provider?.id, signal: request.signal })
    } catch (error) {
      if (request.signal.aborted) return
      client.logger.error('onramp: options', error)
      options = sampleOnrampOptions(client.options.networks)
      optionsFallback = true
    }
    if (optionsRequest !== request) return
    optionsRequest = undefined
    store.setState({ optionsStatus: 'ready', options, optionsFallback })
    preselect()
  }

  /** Chooses defaults: a currency offered on the selected network, the first payment currency. */
  function preselect() {
    const { options, purchaseCurrency, paymentCurrency } = get()
    if (!options) return
    const offered = purchaseCurrenciesHere()
    if (!purchaseCurrency || !offered.some((c) => c.id === purchaseCurrency.id)) {
      const first = offered[0]
      if (first) selectPurchaseCurrency(first.id)
    }
    if (!paymentCurrency) {
      const first = options.paymentCurrencies[0]
      if (first) selectPaymentCurrency(first.id)
    }
  }

  /** The purchase currencies with a network the provider supports, the selected network's first. */
  function purchaseCurrenciesHere(): OnrampPurchaseCurrency[] {
    const { options, provider } = get()
    if (!options) return []
    const supported = (chainId: string) => !provider || provider.supportedChains.includes(chainId as never)
    return options.purchaseCurrencies.filter((c) => c.networks.some((n) => supported(n.chainId)))
  }

  function networkFor(currency: OnrampPurchaseCurrency): CaipNetworkId | undefined {
    const selected = client.getState().network.selectedNetworkId
    const { provider } = get()
    const networks = currency.networks.filter((n) => !provider || provider.supportedChains.includes(n.chainId))
    return (networks.find((n) => n.chainId === selected) ?? networks[0])?.chainId as CaipNetworkId | undefined
  }

  function selectPurchaseCurrency(id: string) {
    const currency = get().options?.purchaseCurrencies.find((c) => c.id === id)
    if (!currency) return
    store.setState({ purchaseCurrency: currency, network: networkFor(currency) })
    requote()
  }

  function selectPaymentCurrency(id: string) {
    const currency = get().options?.paymentCurrencies.find((c) => c.id === id)
    if (!currency) return
    store.setState({ paymentCurrency: currency })
    requote()
  }

  function selectPaymentMethod(method: BuyState['paymentMethod']) {
    store.setState({ paymentMethod: method })
    requote()
  }

  /** The limits of the chosen currency and method (what BuyAmount names as min and max). */
  function limits() {
    const { paymentCurrency, paymentMethod } = get()
    return paymentCurrency?.payment_method_limits.find((l) => l.id === paymentMethod)
  }

  /** Sets the typed amount; a valid one is quoted after the pause (earlier quotes are dropped). */
  function setAmount(amount: string) {
    store.setState({ amount })
    requote()
  }

  function requote() {
    cancelQuote()
    const { amount, paymentCurrency, paymentMethod, purchaseCurrency, network } = get()
    const amountError = buyAmountError(amount, paymentCurrency, paymentMethod)
    const ready = Boolean(amount.trim() && !amountError && purchaseCurrency && paymentCurrency && network)
    store.setState({ amountError, quote: undefined, quoteFallback: false, quoteLoading: ready })
    if (ready) quoteTimer = setTimeout(() => void quote(), delayMs)
  }

  async function quote() {
    const { amount, paymentCurrency, paymentMethod, purchaseCurrency, network, provider } = get()
    const fiat = normalizeFiat(amount)
    if (!fiat || !paymentCurrency || !purchaseCurrency || !network) return
    const request = new AbortController()
    quoteRequest = request
    try {
      const quote = await fetchOnrampQuote(client, {
        purchaseCurrency: purchaseCurrency.id,
        paymentCurrency: paymentCurrency.id,
        amount: fiat,
        network,
        paymentMethod,
        provider: provider?.id,
        signal: request.signal,
      })
      if (quoteRequest !== request) return
      store.setState({ quote, quoteFallback: false, quoteLoading: false })
    } catch (error) {
      if (quoteRequest !== request) return
      client.logger.error('onramp: quote', error)
      store.setState({
        quote: placeholderOnrampQuote(fiat, provider?.id ?? ''),
        quoteFallback: true,
        quoteLoading: false,
      })
    } finally {
      if (quoteRequest === request) quoteRequest = undefined
    }
  }

  /** Whether Continue on BuyAmount may start the purchase. */
  function canContinue(state = get()): boolean {
    return Boolean(
      client.getState().account.address &&
        state.amount.trim() &&
        !state.amountError &&
        state.quote &&
        !state.quoteLoading &&
        !state.creating,
    )
  }

  /**
   * Asks for the provider's checkout URL for the connected account and shows BuyInProgress; the view opens the URL
   * in the window it opened on the click. Returns the URL, or undefined when it could not be made.
   */
  async function startPurchase(): Promise<string | undefined> {
    const state = get()
    const address = client.getState().account.address
    const fiat = normalizeFiat(state.amount)
    if (!canContinue(state) || !address || !fiat || !state.purchaseCurrency || !state.network) return undefined
    stopPolling()
    store.setState({
      creating: true,
      createError: undefined,
      checkoutUrl: undefined,
      purchaseId: undefined,
      purchase: undefined,
      newBalance: undefined,
    })
    const props = buyProps(state, fiat)
    try {
      const { url, purchaseId, purchaseSecret } = await createOnrampUrl(client, checkoutRequest(state, address, fiat))
      client.emit('BUY_SUBMIT', props)
      // The quote bought this purchase: another one asks for a fresh quote when BuyInProgress is left.
      spentQuoteId = state.quote && !state.quoteFallback ? state.quote.quoteId : undefined
      store.setState({ creating: false, checkoutUrl: url, purchaseId })
      client.navigate.push('BuyInProgress')
      poll(purchaseId, purchaseSecret)
      return url
    } catch (error) {
      client.logger.error('onramp: checkout url', error)
      client.emit('BUY_RESULT', { ...props, result: 'checkout' }, 'error')
      store.setState({ creating: false, createError: error instanceof Error ? error.message : String(error) })
      client.showSnackbar('error', { key: 'snackbar.somethingWentWrong' })
      // The quote ran out meanwhile (410 quote_expired) or bought a purchase already (409 quote_used): a fresh one,
      // so Continue works again.
      const code = httpCodeOf(error)
      if (code === 'quote_expired' || code === 'quote_used') requote()
      return undefined
    }
  }

  function stopPolling() {
    clearTimeout(pollTimer)
    polling?.abort()
    polling = undefined
  }

  /**
   * BuyInProgress's reading of a purchase: its status every `pollMs` until it completed or failed (or it is left),
   * then the account's data again and the purchased token's new balance.
   */
  function poll(purchaseId: string, secret?: string) {
    stopPolling()
    const request = new AbortController()
    polling = request
    const tick = async () => {
      try {
        const purchase = await fetchOnrampPurchase(client, { id: purchaseId, secret, signal: request.signal })
        if (polling !== request) return
        store.setState({ purchase })
        if (purchase.status === 'completed' || purchase.status === 'failed') {
          polling = undefined
          const props = buyProps(get(), get().amount)
          if (purchase.status === 'completed') client.emit('BUY_RESULT', { ...props, result: 'success' })
          else client.emit('BUY_RESULT', { ...props, result: 'failed' }, 'error')
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

  /** Leaves BuyInProgress: polling stops; the amount stays for another purchase, with a fresh quote. */
  function leaveProgress() {
    stopPolling()
    if (spentQuoteId !== undefined && get().quote?.quoteId === spentQuoteId) requote()
    spentQuoteId = undefined
  }

  return {
    store,
    getState: get,
    subscribe: store.subscribe,
    availability,
    loadProviders,
    connectFirst,
    selectProvider,
    loadOptions,
    purchaseCurrenciesHere,
    selectPurchaseCurrency,
    selectPaymentCurrency,
    selectPaymentMethod,
    limits,
    setAmount,
    canContinue,
    startPurchase,
    poll,
    leaveProgress,
    reset,
  }
}

/**
 * A purchase as its events carry it: the provider, the currency bought and the band of the fiat amount — in USD, so
 * only when the person pays in USD (another currency's amount is left out rather than converted at a guessed rate).
 */
function buyProps(state: BuyState, fiat: string | undefined) {
  const usd = state.paymentCurrency?.id.toUpperCase() === 'USD' && fiat ? Number(fiat) : undefined
  return { provider: state.provider?.id, currency: state.purchaseCurrency?.id, band: amountBand(usd) }
}

/**
 * The body of `POST /v1/generators/onrampurl` for the visitor's choices: the quote's figures when it is the server's
 * (not the placeholder), the account as the only destination. Call it once a currency and network are chosen.
 */
function checkoutRequest(state: BuyState, address: string, fiat: string): OnrampUrlBodyInput {
  const quote = state.quote && !state.quoteFallback ? state.quote : undefined
  return {
    destinationWallets: [{ address, blockchains: [state.network!], assets: [state.purchaseCurrency!.id] }],
    defaultNetwork: state.network!,
    partnerUserId: address.toLowerCase(),
    defaultExperience: 'buy',
    presetFiatAmount: fiat,
    ...(quote ? { presetCryptoAmount: quote.purchaseAmount.amount, quoteId: quote.quoteId } : {}),
    paymentCurrency: state.paymentCurrency?.id,
    paymentMethod: state.paymentMethod,
    provider: state.provider?.id,
  }
}
