import { accountDataQueryKey } from '../account-data/fetchTokenBalances.ts'
import { fetchTokenPrices } from '../account-data/fetchTokenPrices.ts'
import { usdBand } from '../analytics/eventProps.ts'
import { failureProps } from '../analytics/failureProps.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { onePerClient } from '../client/onePerClient.ts'
import { TARGET_AMOUNT_DECIMALS } from '../constants.ts'
import { formatUnitsFloored } from '../format/format.ts'
import { parseUnits } from '../format/parseUnits.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import { isTransactionSponsored } from '../project/transactionSponsorship.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { isPositiveAmount } from '../validation/validation.ts'
import { walletErrorMessage } from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken, readWalletTokens, tokenId, type WalletToken } from '../wallet-transactions/walletTokens.ts'
import { buildSwapApproval } from './buildSwapApproval.ts'
import { buildSwapTransaction } from './buildSwapTransaction.ts'
import { fetchSwapAllowance } from './fetchSwapAllowance.ts'
import { fetchSwapGasPrice } from './fetchSwapGasPrice.ts'
import { fetchSwapQuote } from './fetchSwapQuote.ts'
import { fetchSwapChain } from './fetchSwapTokens.ts'
import { sendSwapBatch, supportsSwapBatch } from './sendSwapBatch.ts'
import { sendSwapTransaction } from './sendSwapTransaction.ts'
import { NoSwapAddressError, SwapQuoteError, SwapStepError } from './swapErrors.ts'
import {
  hasInsufficientBalance,
  maxSlippageOf,
  maxSwapAmount,
  networkCostInUsd,
  providerFeeOf,
  swapGasCost,
} from './swapMath.ts'
import { initialSwapState, type SwapState, swapCallTargets } from './swapState.ts'
import type { SwapTransaction } from './swapTransaction.ts'

export type SwapController = ReturnType<typeof createSwapController>

const controllers = onePerClient((client) => createSwapController(client))

/** The swap flow of one Foyer client (made on first use, so pages that never swap never load it). */
export function getSwapController(client: FoyerClient): SwapController {
  return controllers(client)
}

/**
 * The swap flow over the Foyer server's convert API and the chain adapter: initialise (tokens, balances, gas price,
 * prices), quote when source, target and a positive amount exist, check the allowance, build the approval or the
 * swap for the preview, have the wallet send them, and after a mined approval quote and build again. Every failure
 * shows its step's snackbar. `requests` numbers the quote and the build: an answer whose number is no longer current
 * (the tokens or the amount changed meanwhile) is dropped.
 */
export function createSwapController(client: FoyerClient) {
  const store: Store<SwapState> = createStore(initialSwapState)
  const get = store.getState
  const requests = { quote: 0, build: 0 }
  /** Whether the site paid the gas when the amount was last checked against the balances (undefined: not checked). */
  let checkedSponsored: boolean | undefined

  // A different account or network makes every balance, quote and built transaction stale.
  client.subscribe((state, previous) => {
    if (
      state.account.address !== previous.account.address ||
      state.network.selectedNetworkId !== previous.network.selectedNetworkId
    )
      reset()
  })

  const network = (): CaipNetwork => client.getSelectedNetwork()
  const userAddress = () => `${get().networkId}:${get().address}`
  const nativeToken = () => get().tokens.find(isNativeToken)
  /**
   * The site pays the gas (the embedded wallet's smart account on a chain the project sponsors, the policy naming the
   * router and the approved token: `swapCallTargets`): no gas budget.
   */
  const gasSponsored = () => isTransactionSponsored(client, network(), swapCallTargets(get()))
  const sendThroughWallet = (transaction: SwapTransaction) =>
    sendSwapTransaction(client, { network: client.getSelectedNetwork(), transaction })

  function reset() {
    requests.quote++
    requests.build++
    checkedSponsored = undefined
    store.setState(initialSwapState)
  }

  /** Loads tokens, balances and the gas price; a failure shows "Failed to initialize swap" and goes back. */
  async function initialize() {
    const { address } = client.getState().account
    const target = network()
    if (!address) {
      // Nothing to swap from: say so and offer to connect (going back could close the modal and hide the message).
      client.showSnackbar('error', { key: 'error.noSwapAddress' })
      client.navigate.replace('Connect')
      throw new NoSwapAddressError()
    }
    const state = get()
    if (state.status !== 'idle' && state.address === address && state.networkId === target.id) return
    store.setState({ ...initialSwapState, status: 'initializing', address, networkId: target.id })
    try {
      const [{ tokens: offered, router }, held, gas] = await Promise.all([
        fetchSwapChain(client, { chainId: target.id }),
        readWalletTokens(client, { address, network: target }),
        fetchSwapGasPrice(client, { chainId: target.id }),
      ])
      const tokens: WalletToken[] = offered.map((token) => {
        const holding = held.find((h) => h.address.toLowerCase() === token.address.toLowerCase())
        return {
          id: tokenId(target, token.address),
          address: token.address,
          symbol: token.symbol,
          name: token.name,
          decimals: token.decimals,
          balance: holding?.balance ?? 0n,
          price: holding?.price ?? 0,
          iconUrl: token.logoUri ?? holding?.iconUrl,
        }
      })
      if (get().networkId !== target.id || get().address !== address) return
      store.setState({
        tokens,
        router,
        gasPrice: gas.standard,
        status: 'ready',
        sourceToken: tokens.find(isNativeToken) ?? tokens[0],
      })
    } catch (error) {
      client.logger.error('swap: initialize', error)
      reset()
      client.showSnackbar('error', { key: 'snackbar.failedToInitializeSwap' })
      client.navigate.goBack()
      throw new SwapStepError({ step: 'initialize', cause: error })
    }
    await refreshPrices()
  }

  /**
   * USD prices of the offered tokens. The native one prices the network cost: when it has no price (the request
   * failed, or nothing prices it), "Failed to fetch network token price" shows and the cost stays unpriced.
   */
  async function refreshPrices() {
    const { tokens } = get()
    let failure: unknown
    try {
      const fungibles = await fetchTokenPrices(client, { addresses: tokens.map((t) => t.id) })
      const priceOf = (id: string) => fungibles.find((f) => f.address.toLowerCase() === id.toLowerCase())?.price ?? 0
      const priced = get().tokens.map((t) => ({ ...t, price: priceOf(t.id) || t.price }))
      const pick = (token?: WalletToken) => token && priced.find((t) => t.id === token.id)
      store.setState((s) => ({ tokens: priced, sourceToken: pick(s.sourceToken), toToken: pick(s.toToken) }))
    } catch (error) {
      failure = error
    }
    const s = get()
    const networkPrice = nativeToken()?.price ?? 0
    if (failure !== undefined || !networkPrice) {
      client.logger.error('swap: prices', new SwapStepError({ step: 'networkPrice', cause: failure }))
      client.showSnackbar('error', { key: 'snackbar.failedToFetchNetworkTokenPrice' })
    }
    store.setState({
      networkPrice,
      gasPriceInUSD: networkPrice ? networkCostInUsd(s.gasPrice, networkPrice) : undefined,
      sourceTokenPriceInUSD: s.sourceToken?.price ?? 0,
      toTokenPriceInUSD: s.toToken?.price ?? 0,
    })
  }

  function clearQuote(): Partial<SwapState> {
    requests.quote++
    requests.build++
    return {
      toTokenAmount: '',
      toTokenAmountRaw: undefined,
      priceImpact: undefined,
      maxSlippage: undefined,
      providerFee: undefined,
      inputError: undefined,
      quoteError: undefined,
      loadingQuote: false,
      approvalTransaction: undefined,
      swapTransaction: undefined,
      batched: undefined,
    }
  }

  /** Opens SwapSelectToken for the source or the target token. */
  function openTokenSelect(side: 'source' | 'target') {
    store.setState({ selectingSide: side })
    client.navigate.push('SwapSelectToken')
  }

  /** Picks the token for the side SwapSelectToken was opened for, and goes back to Swap. */
  function selectToken(token: WalletToken) {
    if (get().selectingSide === 'target') setToToken(token)
    else setSourceToken(token)
    client.navigate.goBack()
  }

  function setSourceToken(token: WalletToken) {
    const { toToken } = get()
    store.setState({
      ...clearQuote(),
      sourceToken: token,
      sourceTokenPriceInUSD: token.price,
      ...(toToken?.id === token.id && { toToken: undefined, toTokenPriceInUSD: 0 }),
    })
    void fetchQuote()
  }

  function setToToken(token: WalletToken) {
    const { sourceToken } = get()
    store.setState({
      ...clearQuote(),
      toToken: token,
      toTokenPriceInUSD: token.price,
      ...(sourceToken?.id === token.id && { sourceToken: undefined, sourceTokenPriceInUSD: 0 }),
    })
    void fetchQuote()
  }

  /** Flip: the target becomes the source, and the quoted target amount the new source amount. */
  function switchTokens() {
    const { sourceToken, toToken, toTokenAmount } = get()
    store.setState({
      ...clearQuote(),
      sourceToken: toToken,
      toToken: sourceToken,
      sourceTokenAmount: toTokenAmount,
      sourceTokenPriceInUSD: toToken?.price ?? 0,
      toTokenPriceInUSD: sourceToken?.price ?? 0,
    })
    void fetchQuote()
  }

  function setSourceAmount(value: string) {
    store.setState({ ...clearQuote(), sourceTokenAmount: value })
    void fetchQuote()
  }

  /** The whole balance; for the native token, less the gas budget (gas price × 150000) unless the site pays it. */
  function setMaxAmount() {
    const { sourceToken, gasPrice } = get()
    if (!sourceToken) return
    const max = maxSwapAmount(sourceToken.balance, isNativeToken(sourceToken), gasSponsored() ? 0n : gasPrice)
    setSourceAmount(formatUnitsFloored(max, sourceToken.decimals, sourceToken.decimals))
  }

  /**
   * Quotes when source, target and a positive amount exist; sets the target amount or "Insufficient balance" (over
   * the balance, or the native token cannot pay the gas budget where the site does not pay it).
   */
  async function fetchQuote() {
    const { sourceToken, toToken, sourceTokenAmount, gasPrice } = get()
    if (!sourceToken || !toToken || !isPositiveAmount(sourceTokenAmount)) return
    const amount = parseUnits(sourceTokenAmount, sourceToken.decimals)
    if (amount === 0n) return
    const native = nativeToken()
    checkedSponsored = gasSponsored()
    if (
      hasInsufficientBalance({
        amount,
        sourceBalance: sourceToken.balance,
        sourceIsNative: isNativeToken(sourceToken),
        nativeBalance: native?.balance ?? 0n,
        gasCost: checkedSponsored ? 0n : swapGasCost(gasPrice),
      })
    ) {
      store.setState({ inputError: 'error.insufficientBalance' })
      return
    }
    const request = ++requests.quote
    store.setState({ loadingQuote: true })
    try {
      const quote = await fetchSwapQuote(client, {
        amount,
        userAddress: userAddress(),
        from: sourceToken.id,
        to: toToken.id,
        gasPrice,
      })
      if (request !== requests.quote) return
      const { toAmount } = quote
      client.emit('SWAP_QUOTE', swapProps())
      store.setState({
        loadingQuote: false,
        toTokenAmountRaw: toAmount,
        toTokenAmount: formatUnitsFloored(toAmount, toToken.decimals, TARGET_AMOUNT_DECIMALS),
        priceImpact: quote.priceImpact,
        maxSlippage: maxSlippageOf(toAmount),
        providerFee: providerFeeOf(amount),
      })
    } catch (error) {
      if (request !== requests.quote) return
      client.logger.error('swap: quote', error)
      client.emit('SWAP_ERROR', { ...swapProps(), ...failureProps(error), step: 'quote' }, 'error')
      store.setState({
        loadingQuote: false,
        quoteError: error instanceof SwapQuoteError && error.noRoute ? 'swap.noRoute' : 'snackbar.somethingWentWrong',
      })
    }
  }

  /**
   * Whether the site pays the gas may change after an amount was checked: the project's settings or the frame's
   * account type arrive after the quote. The Swap view passes what it now shows (`isTransactionSponsored`); an
   * amount checked the other way is checked (and quoted) again, so "Insufficient balance" for the gas comes or goes.
   */
  function recheckGasSponsorship(sponsored: boolean) {
    if (checkedSponsored === undefined || checkedSponsored === sponsored) return
    store.setState(clearQuote())
    void fetchQuote()
  }

  /**
   * For the preview: checks the allowance; enough → builds the swap, short → builds the approval first. Failures show
   * "Failed to check allowance", "Failed to create approval transaction" or "Failed to create transaction".
   */
  async function prepareTransaction() {
    const { sourceToken, toToken, sourceTokenAmount, toTokenAmountRaw } = get()
    if (!sourceToken || !toToken || !toTokenAmountRaw) return
    const amount = parseUnits(sourceTokenAmount, sourceToken.decimals)
    const request = ++requests.build
    store.setState({
      loadingTransaction: true,
      approvalTransaction: undefined,
      swapTransaction: undefined,
      batched: undefined,
    })
    const done = (patch: Partial<SwapState> = {}) =>
      request === requests.build && store.setState({ loadingTransaction: false, ...patch })
    let allowance: bigint
    if (isNativeToken(sourceToken)) allowance = amount
    else {
      try {
        allowance = await fetchSwapAllowance(client, { tokenAddress: sourceToken.id, userAddress: userAddress() })
      } catch (error) {
        client.logger.error('swap: allowance', error)
        client.showSnackbar('error', { key: 'snackbar.failedToCheckAllowance' })
        done()
        return
      }
    }
    if (request !== requests.build) return
    if (allowance < amount) {
      const batchedSwap = buildBatchedSwap(amount)
      try {
        const approvalTransaction = await buildSwapApproval(client, {
          userAddress: userAddress(),
          from: sourceToken.id,
          to: toToken.id,
          amount,
        })
        const swapTransaction = await batchedSwap
        done({ approvalTransaction, ...(swapTransaction && { swapTransaction, batched: true }) })
      } catch (error) {
        client.logger.error('swap: build approval', error)
        client.showSnackbar('error', { key: 'snackbar.failedToCreateApprovalTransaction' })
        done()
      }
      return
    }
    try {
      const { transaction } = await buildSwapTransaction(client, {
        amount,
        slippage: get().slippage,
        from: sourceToken.id,
        to: toToken.id,
        userAddress: userAddress(),
      })
      done({ swapTransaction: transaction })
    } catch (error) {
      client.logger.error('swap: build transaction', error)
      client.showSnackbar('error', { key: 'snackbar.failedToCreateTransaction' })
      done()
    }
  }

  /**
   * The swap to send with its approval in one batch, when the wallet runs batches atomically on the network; else
   * (or when building it fails) `undefined`, and the approval and the swap go one after the other.
   */
  async function buildBatchedSwap(amount: bigint): Promise<SwapTransaction | undefined> {
    const { sourceToken, toToken, slippage } = get()
    if (!sourceToken || !toToken || !(await supportsSwapBatch(client, { network: network() }))) return undefined
    try {
      const { transaction } = await buildSwapTransaction(client, {
        amount,
        slippage,
        from: sourceToken.id,
        to: toToken.id,
        userAddress: userAddress(),
        afterApproval: true,
      })
      return transaction
    } catch (error) {
      client.logger.error('swap: build batched swap', error)
      return undefined
    }
  }

  /** "Approve limit increase in your wallet"; once mined, the quote and the swap are built again. */
  async function sendApproval() {
    const { approvalTransaction } = get()
    if (!approvalTransaction || get().sending) return
    store.setState({ sending: 'approval' })
    client.emit('SWAP_APPROVE', { networkId: get().networkId, token: get().sourceToken?.symbol })
    client.showSnackbar('loading', { key: 'snackbar.approveLimitIncrease' })
    try {
      await sendThroughWallet(approvalTransaction)
      client.hideSnackbar()
      store.setState({ sending: undefined, approvalTransaction: undefined })
      await fetchQuote()
      await prepareTransaction()
    } catch (error) {
      client.logger.error('swap: approval', error)
      client.emit('SWAP_ERROR', { ...swapProps(), ...failureProps(error), step: 'approve' }, 'error')
      store.setState({ sending: undefined })
      client.showSnackbar('error', walletErrorMessage(error, 'snackbar.transactionError'))
    }
  }

  /**
   * "Swapping X to Y" → "Swapped X to Y" (with its approval in the same batch when `batched`), then the swap state
   * resets and the modal returns to Account.
   */
  async function sendSwap() {
    const { swapTransaction, approvalTransaction, batched, sourceToken, toToken, sourceTokenAmount, toTokenAmount } =
      get()
    if (!swapTransaction || !sourceToken || !toToken || get().sending) return
    const parameters = { from: `${sourceTokenAmount} ${sourceToken.symbol}`, to: `${toTokenAmount} ${toToken.symbol}` }
    store.setState({ sending: 'swap' })
    const props = swapProps()
    client.emit('SWAP_SUBMIT', props)
    client.showSnackbar('loading', { key: 'snackbar.swapping', parameters })
    try {
      if (batched && approvalTransaction)
        await sendSwapBatch(client, { network: network(), transactions: [approvalTransaction, swapTransaction] })
      else await sendThroughWallet(swapTransaction)
    } catch (error) {
      client.logger.error('swap: send', error)
      client.emit('SWAP_ERROR', { ...props, ...failureProps(error), step: 'submit' }, 'error')
      store.setState({ sending: undefined })
      client.showSnackbar('error', walletErrorMessage(error, 'snackbar.transactionError'))
      return
    }
    const { address } = get()
    client.emit('SWAP_SUCCESS', props)
    reset()
    client.showSnackbar('success', { key: 'snackbar.swapped', parameters })
    client.navigate.reset('Account')
    client.queries.invalidate(accountDataQueryKey(address))
    void client.refreshBalance()
  }

  /** The swap as its events carry it: the network, the two symbols and the USD band of the amount (never the amount). */
  function swapProps() {
    const { networkId, sourceToken, toToken, sourceTokenAmount } = get()
    return {
      networkId,
      from: sourceToken?.symbol,
      to: toToken?.symbol,
      band: sourceToken && usdBand(sourceToken, sourceTokenAmount),
    }
  }

  return {
    store,
    getState: get,
    subscribe: store.subscribe,
    initialize,
    openTokenSelect,
    selectToken,
    setSourceToken,
    setToToken,
    switchTokens,
    setSourceAmount,
    setMaxAmount,
    fetchQuote,
    recheckGasSponsorship,
    prepareTransaction,
    sendApproval,
    sendSwap,
    reset,
  }
}
