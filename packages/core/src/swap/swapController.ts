import { accountDataQueryKey } from '../account-data/fetchTokenBalances.ts'
import { fetchTokenPrices } from '../account-data/fetchTokenPrices.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { SWAP_SLIPPAGE_PERCENT, TARGET_AMOUNT_DECIMALS } from '../constants.ts'
import { HttpRequestError } from '../errors/errors.ts'
import { formatUnitsFloored, parseUnits } from '../format/format.ts'
import type { enTransfer } from '../locale/enTransfer.ts'
import type { KeysWith } from '../locale/locale.ts'
import type { CaipNetwork, CaipNetworkId } from '../networks/networks.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { isPositiveAmount } from '../validation/validation.ts'
import {
  sendingAdapter,
  TransactionRevertedError,
  walletErrorMessage,
} from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken, readWalletTokens, tokenId, type WalletToken } from '../wallet-transactions/walletTokens.ts'
import { NoSwapAddressError, SwapStepError } from './swapErrors.ts'
import {
  hasInsufficientBalance,
  maxSlippageOf,
  maxSwapAmount,
  networkCostInUsd,
  providerFeeOf,
  swapGasCost,
} from './swapMath.ts'

/** A transaction the swap API built, ready for the wallet. */
export type SwapTransaction = { to: string; data: `0x${string}`; value: bigint; gas: bigint; gasPrice: bigint }

/** The seed's swap state, plus what the views need to show progress. */
export type SwapState = {
  status: 'idle' | 'initializing' | 'ready'
  networkId?: CaipNetworkId
  address?: string
  /** Every token the swap API offers on the network, with the account's balance and the USD price merged in. */
  tokens: WalletToken[]
  sourceToken?: WalletToken
  toToken?: WalletToken
  /** As typed. */
  sourceTokenAmount: string
  /** The quote, floored to 6 decimals (`TARGET_AMOUNT_DECIMALS`). */
  toTokenAmount: string
  toTokenAmountRaw?: bigint
  sourceTokenPriceInUSD: number
  toTokenPriceInUSD: number
  /** USD per whole native token. */
  networkPrice: number
  /** Wei per gas unit (the server's `standard`). */
  gasPrice: bigint
  /** Network cost in USD: gas price × 150000 × the native price. */
  gasPriceInUSD?: number
  priceImpact?: number
  /** In the target token's base units: 1 % of the quote. */
  maxSlippage?: bigint
  /** In the source token's base units: 0.85 % of the amount. */
  providerFee?: bigint
  slippage: number
  inputError?: KeysWith<typeof enTransfer>
  quoteError?: KeysWith<typeof enTransfer>
  loadingQuote: boolean
  loadingTransaction: boolean
  approvalTransaction?: SwapTransaction
  swapTransaction?: SwapTransaction
  /** What the wallet is being asked to sign right now. */
  sending?: 'approval' | 'swap'
  /** Which side SwapSelectToken picks for. */
  selectingSide?: 'source' | 'target'
}

// Every optional key is listed (as undefined): the store merges updates, so a reset must name what it clears.
const initialSwapState: { [key in keyof Required<SwapState>]: SwapState[key] } = {
  status: 'idle',
  networkId: undefined,
  address: undefined,
  sourceToken: undefined,
  toToken: undefined,
  toTokenAmountRaw: undefined,
  gasPriceInUSD: undefined,
  priceImpact: undefined,
  maxSlippage: undefined,
  providerFee: undefined,
  inputError: undefined,
  quoteError: undefined,
  approvalTransaction: undefined,
  swapTransaction: undefined,
  sending: undefined,
  selectingSide: undefined,
  tokens: [],
  sourceTokenAmount: '',
  toTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toTokenPriceInUSD: 0,
  networkPrice: 0,
  gasPrice: 0n,
  slippage: SWAP_SLIPPAGE_PERCENT,
  loadingQuote: false,
  loadingTransaction: false,
}

type BuiltTransactionAnswer = {
  tx: { to: string; data: `0x${string}`; value: string; eip155: { gas: string; gasPrice: string } }
}

export type SwapController = ReturnType<typeof createSwapController>

const controllers = new WeakMap<FoyerClient, SwapController>()

/** The swap flow of one Foyer client (made on first use, so pages that never swap never load it). */
export function getSwapController(client: FoyerClient): SwapController {
  let controller = controllers.get(client)
  if (!controller) {
    controller = createSwapController(client)
    controllers.set(client, controller)
  }
  return controller
}

/**
 * The swap flow over the Foyer server's convert API and the chain adapter: initialise (tokens, balances, gas price,
 * prices), quote when source, target and a positive amount exist, check the allowance, build the approval or the
 * swap, and have the wallet send them. Every failure shows the spec's message for its step.
 */
export function createSwapController(client: FoyerClient) {
  const store: Store<SwapState> = createStore(initialSwapState)
  const get = store.getState
  let quoteRequest = 0
  let buildRequest = 0

  // A different account or network makes every balance, quote and built transaction stale.
  client.subscribe((state, previous) => {
    if (
      state.account.address !== previous.account.address ||
      state.network.selectedNetworkId !== previous.network.selectedNetworkId
    )
      reset()
  })

  const api = () => {
    if (!client.api) throw new SwapStepError({ step: 'initialize', details: 'Swaps need the site to set apiUrl' })
    return client.api
  }
  const network = (): CaipNetwork => client.getSelectedNetwork()
  const userAddress = () => `${get().networkId}:${get().address}`
  const nativeToken = () => get().tokens.find(isNativeToken)

  function reset() {
    quoteRequest++
    buildRequest++
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
      const [offered, held, gas] = await Promise.all([
        api().get<{ tokens: { address: string; symbol: string; name: string; decimals: number }[] }>(
          '/v1/convert/tokens',
          { chainId: target.id },
        ),
        readWalletTokens(client, { address, network: target }),
        api().get<{ standard: string }>('/v1/convert/gas-price', { chainId: target.id }),
      ])
      const tokens: WalletToken[] = offered.tokens.map((token) => {
        const address = token.address.split(':').at(-1)!
        const holding = held.find((h) => h.address.toLowerCase() === address.toLowerCase())
        return {
          id: tokenId(target, address),
          address,
          symbol: token.symbol,
          name: token.name,
          decimals: token.decimals,
          balance: holding?.balance ?? 0n,
          price: holding?.price ?? 0,
        }
      })
      if (get().networkId !== target.id || get().address !== address) return
      store.setState({
        tokens,
        gasPrice: BigInt(gas.standard),
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

  /** USD prices of the offered tokens (the native one prices the network cost). */
  async function refreshPrices() {
    const { tokens } = get()
    try {
      const fungibles = await fetchTokenPrices(client, { addresses: tokens.map((t) => t.id) })
      const priceOf = (id: string) => fungibles.find((f) => f.address.toLowerCase() === id.toLowerCase())?.price ?? 0
      const priced = get().tokens.map((t) => ({ ...t, price: priceOf(t.id) || t.price }))
      const pick = (token?: WalletToken) => token && priced.find((t) => t.id === token.id)
      store.setState((s) => ({ tokens: priced, sourceToken: pick(s.sourceToken), toToken: pick(s.toToken) }))
    } catch (error) {
      client.logger.error('swap: prices', error)
      client.showSnackbar('error', { key: 'snackbar.failedToFetchNetworkTokenPrice' })
    }
    const s = get()
    const networkPrice = nativeToken()?.price ?? 0
    store.setState({
      networkPrice,
      gasPriceInUSD: networkPrice ? networkCostInUsd(s.gasPrice, networkPrice) : undefined,
      sourceTokenPriceInUSD: s.sourceToken?.price ?? 0,
      toTokenPriceInUSD: s.toToken?.price ?? 0,
    })
  }

  function clearQuote(): Partial<SwapState> {
    quoteRequest++
    buildRequest++
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

  /** The whole balance; for the native token, less the gas budget (gas price × 150000). */
  function setMaxAmount() {
    const { sourceToken, gasPrice } = get()
    if (!sourceToken) return
    const max = maxSwapAmount(sourceToken.balance, isNativeToken(sourceToken), gasPrice)
    setSourceAmount(formatUnitsFloored(max, sourceToken.decimals, sourceToken.decimals))
  }

  /** Quotes when source, target and a positive amount exist; sets the target amount or "Insufficient balance". */
  async function fetchQuote() {
    const { sourceToken, toToken, sourceTokenAmount, gasPrice } = get()
    if (!sourceToken || !toToken || !isPositiveAmount(sourceTokenAmount)) return
    const amount = parseUnits(sourceTokenAmount, sourceToken.decimals)
    if (amount === 0n) return
    const native = nativeToken()
    if (
      hasInsufficientBalance({
        amount,
        sourceBalance: sourceToken.balance,
        sourceIsNative: isNativeToken(sourceToken),
        nativeBalance: native?.balance ?? 0n,
        gasCost: swapGasCost(gasPrice),
      })
    ) {
      store.setState({ inputError: 'error.insufficientBalance' })
      return
    }
    const request = ++quoteRequest
    store.setState({ loadingQuote: true })
    try {
      const answer = await api().get<{ quotes: { toAmount: string; priceImpact?: number }[] }>('/v1/convert/quotes', {
        amount: amount.toString(),
        userAddress: userAddress(),
        from: sourceToken.id,
        to: toToken.id,
        gasPrice: gasPrice.toString(),
      })
      if (request !== quoteRequest) return
      const [quote] = answer.quotes
      if (!quote) throw new Error('The swap API answered without a quote')
      const toAmount = BigInt(quote.toAmount)
      store.setState({
        loadingQuote: false,
        toTokenAmountRaw: toAmount,
        toTokenAmount: formatUnitsFloored(toAmount, toToken.decimals, TARGET_AMOUNT_DECIMALS),
        priceImpact: quote.priceImpact,
        maxSlippage: maxSlippageOf(toAmount),
        providerFee: providerFeeOf(amount),
      })
    } catch (error) {
      if (request !== quoteRequest) return
      client.logger.error('swap: quote', error)
      store.setState({
        loadingQuote: false,
        quoteError:
          error instanceof HttpRequestError && error.status === 400 ? 'swap.noRoute' : 'snackbar.somethingWentWrong',
      })
    }
  }

  function toSwapTransaction(answer: BuiltTransactionAnswer): SwapTransaction {
    const { tx } = answer
    return {
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
    }
  }

  /**
   * For the preview: checks the allowance; enough → builds the swap, short → builds the approval first. Failures show
   * "Failed to check allowance", "Failed to create approval transaction" or "Failed to create transaction".
   */
  async function prepareTransaction() {
    const { sourceToken, toToken, sourceTokenAmount, toTokenAmountRaw } = get()
    if (!sourceToken || !toToken || !toTokenAmountRaw) return
    const amount = parseUnits(sourceTokenAmount, sourceToken.decimals)
    const request = ++buildRequest
    store.setState({ loadingTransaction: true, approvalTransaction: undefined, swapTransaction: undefined })
    const done = (patch: Partial<SwapState> = {}) =>
      request === buildRequest && store.setState({ loadingTransaction: false, ...patch })
    let allowance: bigint
    if (isNativeToken(sourceToken)) allowance = amount
    else {
      try {
        allowance = BigInt(
          (
            await api().get<{ allowance: string }>('/v1/convert/allowance', {
              tokenAddress: sourceToken.id,
              userAddress: userAddress(),
            })
          ).allowance,
        )
      } catch (error) {
        client.logger.error('swap: allowance', error)
        client.showSnackbar('error', { key: 'snackbar.failedToCheckAllowance' })
        done()
        return
      }
    }
    if (request !== buildRequest) return
    if (allowance < amount) {
      try {
        const answer = await api().get<BuiltTransactionAnswer>('/v1/convert/build-approve', {
          userAddress: userAddress(),
          from: sourceToken.id,
          to: toToken.id,
          amount: amount.toString(),
        })
        done({ approvalTransaction: toSwapTransaction(answer) })
      } catch (error) {
        client.logger.error('swap: build approval', error)
        client.showSnackbar('error', { key: 'snackbar.failedToCreateApprovalTransaction' })
        done()
      }
      return
    }
    try {
      const answer = await api().post<BuiltTransactionAnswer>('/v1/convert/build-transaction', {
        amount: amount.toString(),
        eip155: { slippage: get().slippage },
        from: sourceToken.id,
        to: toToken.id,
        userAddress: userAddress(),
      })
      done({ swapTransaction: toSwapTransaction(answer) })
    } catch (error) {
      client.logger.error('swap: build transaction', error)
      client.showSnackbar('error', { key: 'snackbar.failedToCreateTransaction' })
      done()
    }
  }

  async function sendThroughWallet(transaction: SwapTransaction) {
    const target = network()
    const adapter = sendingAdapter(client, target)
    const hash = await adapter.sendTransaction({ network: target, ...transaction })
    const receipt = await adapter.waitForReceipt(hash, target)
    if (receipt.status !== 'success') throw new TransactionRevertedError({ hash })
  }

  /** "Approve limit increase in your wallet"; once mined, the quote and the swap are built again. */
  async function sendApproval() {
    const { approvalTransaction } = get()
    if (!approvalTransaction || get().sending) return
    store.setState({ sending: 'approval' })
    client.showSnackbar('loading', { key: 'snackbar.approveLimitIncrease' })
    try {
      await sendThroughWallet(approvalTransaction)
      client.hideSnackbar()
      store.setState({ sending: undefined, approvalTransaction: undefined })
      await fetchQuote()
      await prepareTransaction()
    } catch (error) {
      client.logger.error('swap: approval', error)
      store.setState({ sending: undefined })
      client.showSnackbar('error', walletErrorMessage(error, 'snackbar.transactionError'))
    }
  }

  /** "Swapping X to Y" → "Swapped X to Y", then the swap state resets and the modal returns to Account. */
  async function sendSwap() {
    const { swapTransaction, sourceToken, toToken, sourceTokenAmount, toTokenAmount } = get()
    if (!swapTransaction || !sourceToken || !toToken || get().sending) return
    const parameters = { from: `${sourceTokenAmount} ${sourceToken.symbol}`, to: `${toTokenAmount} ${toToken.symbol}` }
    store.setState({ sending: 'swap' })
    client.showSnackbar('loading', { key: 'snackbar.swapping', parameters })
    try {
      await sendThroughWallet(swapTransaction)
    } catch (error) {
      client.logger.error('swap: send', error)
      store.setState({ sending: undefined })
      client.showSnackbar('error', walletErrorMessage(error, 'snackbar.transactionError'))
      return
    }
    const { address } = get()
    reset()
    client.showSnackbar('success', { key: 'snackbar.swapped', parameters })
    client.navigate.reset('Account')
    client.queries.invalidate(accountDataQueryKey(address))
    void client.refreshBalance()
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
    prepareTransaction,
    sendApproval,
    sendSwap,
    reset,
  }
}
