import { accountDataQueryKey } from '../account-data/fetchTokenBalances.ts'
import { usdBand } from '../analytics/eventProps.ts'
import { failureProps } from '../analytics/failureProps.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { onePerClient } from '../client/onePerClient.ts'
import { isUserRejection } from '../errors/errors.ts'
import { parseUnits } from '../format/parseUnits.ts'
import { fetchAccountName } from '../names/fetchAccountName.ts'
import { nameCoinType } from '../names/nameCoinType.ts'
import { isFeatureAvailable } from '../options/options.ts'
import { cachedProjectSettings, isTransactionSponsored } from '../project/transactionSponsorship.ts'
import { isValidNameLabel } from '../protocol/nameRules.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { isEvmAddress, isPositiveAmount } from '../validation/validation.ts'
import { sendingAdapter, walletErrorMessage } from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken, readWalletTokens, type WalletToken } from '../wallet-transactions/walletTokens.ts'
import { estimateSendGas, transferGasBudget } from './estimateSendGas.ts'
import { sendCallTargets, sendInputError } from './sendInputError.ts'
import { initialSendState, type SendState } from './sendState.ts'
import { sendTransfer } from './sendTransfer.ts'

/** Milliseconds a receiver name rests before it is looked up. */
export const RECEIVER_NAME_DELAY_MS = 300

export type SendController = ReturnType<typeof createSendController>
const controllers = onePerClient((client) => createSendController(client))

/** The send flow of one Foyer client (made on first use). */
export function getSendController(client: FoyerClient): SendController {
  return controllers(client)
}

/**
 * The send flow: pick a token the account holds, an amount (Max leaves the network cost on the native token, unless
 * the site pays the gas: `isTransactionSponsored` over the send's call target, `sendCallTargets`) and a receiver; the wallet signs a native transfer or an ERC-20
 * `transfer`. "Confirm transaction in your wallet" while it asks, "Transaction started" once sent; a failure shows
 * the wallet's message or "Failed to send transaction. Please try again." The receiver may be an account name
 * (`alice` or `alice.foyer.id`, with the `names` feature): after a 300 ms pause it is resolved (`fetchAccountName`)
 * to its address on the current chain, which is what is sent to; an unknown name says "Error resolving name" and
 * blocks the send.
 */
export function createSendController(client: FoyerClient) {
  const store: Store<SendState> = createStore(initialSendState)
  const get = store.getState
  let estimateRequest = 0
  let nameTimer: ReturnType<typeof setTimeout> | undefined
  let nameRequest: AbortController | undefined

  client.subscribe((state, previous) => {
    if (
      state.account.address !== previous.account.address ||
      state.network.selectedNetworkId !== previous.network.selectedNetworkId
    )
      reset()
  })

  const network = () => client.getSelectedNetwork()
  function reset() {
    estimateRequest++
    cancelNameLookup()
    store.setState(initialSendState)
  }

  /** Loads what the account holds and the gas price; a failure shows "Failed to fetch token balance" and goes back. */
  async function initialize() {
    const { address } = client.getState().account
    const target = network()
    if (!address) {
      client.navigate.goBack()
      return
    }
    const state = get()
    if (state.status !== 'idle' && state.address === address && state.networkId === target.id) return
    store.setState({ ...initialSendState, status: 'initializing', address, networkId: target.id })
    try {
      const adapter = sendingAdapter(client, target)
      const [held, gasPrice] = await Promise.all([
        readWalletTokens(client, { address, network: target }),
        adapter.getGasPrice?.(target),
      ])
      const tokens = held.filter((t) => isNativeToken(t) || t.balance > 0n)
      if (get().address !== address || get().networkId !== target.id) return
      store.setState({ status: 'ready', tokens, gasPrice, token: tokens.find(isNativeToken) ?? tokens[0] })
      void estimate()
    } catch (error) {
      client.logger.error('send: initialize', error)
      reset()
      client.showSnackbar('error', { key: 'snackbar.failedToFetchTokenBalance' })
      client.navigate.goBack()
    }
  }

  /**
   * Network cost: gas price × the transfer's gas (estimated once receiver and amount are valid); on a chain family
   * whose adapter prices a transfer itself (Solana), the adapter's fee.
   */
  async function estimate() {
    const { token, gasPrice, receiverAddress, sendTokenAmount, address } = get()
    const target = network()
    const adapter = client.options.adapters.find((a) => a.namespace === target.chainNamespace)
    if (token && address && adapter?.estimateTransferFee) {
      const request = ++estimateRequest
      const amount = isPositiveAmount(sendTokenAmount) ? parseUnits(sendTokenAmount, token.decimals) : 0n
      try {
        const fee = await adapter.estimateTransferFee({
          network: target,
          from: address,
          // Before a receiver is typed, the fee of a transfer to the account itself (no token account to create).
          to: receiverAddress || address,
          tokenAddress: isNativeToken(token) ? undefined : token.address,
          amount,
        })
        if (request === estimateRequest) store.setState({ networkCost: fee })
      } catch (error) {
        client.logger.warn('send: estimate', error)
      }
      return
    }
    if (!token || gasPrice === undefined || !address) return
    const request = ++estimateRequest
    store.setState({ networkCost: transferGasBudget(token) * gasPrice })
    if (
      isNativeToken(token) ||
      !adapter?.estimateTokenCallGas ||
      !isEvmAddress(receiverAddress) ||
      !isPositiveAmount(sendTokenAmount)
    )
      return
    try {
      const amount = parseUnits(sendTokenAmount, token.decimals)
      if (amount > token.balance) return
      const gas = await estimateSendGas(client, {
        network: target,
        from: address,
        token,
        to: receiverAddress,
        amount,
      })
      if (request === estimateRequest) store.setState({ networkCost: gas * gasPrice })
    } catch (error) {
      client.logger.warn('send: estimate', error)
    }
  }

  function setToken(token: WalletToken) {
    store.setState({ token, sendTokenAmount: '' })
    void estimate()
  }
  /** Picks the token in SendSelectToken and goes back to Send. */
  function selectToken(token: WalletToken) {
    setToken(token)
    client.navigate.goBack()
  }
  function setAmount(sendTokenAmount: string) {
    store.setState({ sendTokenAmount })
    void estimate()
  }
  /** The receiver as typed: an address, or (with the `names` feature, on EVM) an account name to resolve. */
  function setReceiverAddress(receiver: string) {
    const typed = receiver.trim()
    cancelNameLookup()
    if (isReceiverName(typed)) {
      store.setState({
        receiverAddress: '',
        receiverName: typed,
        receiverNameStatus: 'resolving',
        receiverProfileName: undefined,
        receiverProfileImage: undefined,
      })
      nameTimer = setTimeout(() => void resolveReceiverName(typed), RECEIVER_NAME_DELAY_MS)
    } else {
      store.setState({
        receiverAddress: typed,
        receiverName: undefined,
        receiverNameStatus: undefined,
        receiverProfileName: undefined,
        receiverProfileImage: undefined,
      })
    }
    void estimate()
  }

  /**
   * Not an address (no `0x`) and its label follows the name rule, on an EVM network with the names feature: the
   * site's, and the project's once known. Typed before the project's answer, a name is looked up (a project with
   * names off then answers the lookup with its refusal) rather than called an invalid address.
   */
  function isReceiverName(typed: string) {
    // The project's answer as `loadProjectSettings` caches it, read without importing the project module: that
    // keeps the module in the modal shell's chunk instead of a chunk of its own fetched before the first click.
    const project = cachedProjectSettings(client)
    return (
      network().chainNamespace === 'eip155' &&
      !/^0x/i.test(typed) &&
      isValidNameLabel(typed.split('.')[0]) &&
      isFeatureAvailable(client.options, 'names') &&
      project?.features?.names !== false
    )
  }

  function cancelNameLookup() {
    clearTimeout(nameTimer)
    nameRequest?.abort()
    nameRequest = undefined
  }

  /** The name's record, and in it the address for the current chain's coin type; anything else is an error. */
  async function resolveReceiverName(name: string) {
    const controller = new AbortController()
    nameRequest = controller
    const target = network()
    try {
      const record = await fetchAccountName(client, { name, signal: controller.signal })
      if (nameRequest !== controller) return
      const address = record?.addresses[String(nameCoinType(Number(target.chainId)))]?.address
      if (!record || !address) {
        store.setState({ receiverNameStatus: 'error' })
        return
      }
      store.setState({
        receiverAddress: address,
        receiverNameStatus: 'resolved',
        receiverProfileName: record.name,
        receiverProfileImage: record.attributes?.avatar ?? null,
      })
      void estimate()
    } catch (error) {
      if (nameRequest !== controller) return
      client.logger.error('send: resolve name', error)
      store.setState({ receiverNameStatus: 'error' })
      client.showSnackbar('error', { key: 'snackbar.errorResolvingName' })
    } finally {
      if (nameRequest === controller) nameRequest = undefined
    }
  }
  /** The whole balance; for the native token, less the network cost unless the site pays it. */
  function setMaxAmount() {
    const { token, networkCost } = get()
    if (!token) return
    let max = token.balance
    if (isNativeToken(token) && !isTransactionSponsored(client, network(), sendCallTargets(get())))
      max = max > (networkCost ?? 0n) ? max - (networkCost ?? 0n) : 0n
    const whole = max / 10n ** BigInt(token.decimals)
    const fraction = (max % 10n ** BigInt(token.decimals)).toString().padStart(token.decimals, '0').replace(/0+$/, '')
    setAmount(fraction ? `${whole}.${fraction}` : `${whole}`)
  }

  async function send() {
    const state = get()
    const target = network()
    const { token } = state
    const gasSponsored = isTransactionSponsored(client, target, sendCallTargets(state))
    if (!token || state.sending || sendInputError(state, target, { gasSponsored })) return
    const amount = parseUnits(state.sendTokenAmount, token.decimals)
    store.setState({ sending: true })
    const props = { networkId: target.id, token: token.symbol, band: usdBand(token, state.sendTokenAmount) }
    client.emit('SEND_SUBMIT', props)
    client.showSnackbar('loading', { key: 'snackbar.confirmTransaction' })
    let hash: string
    const adapter = sendingAdapter(client, target)
    try {
      hash = await sendTransfer(client, { network: target, token, to: state.receiverAddress, amount })
    } catch (error) {
      client.logger.error('send', error)
      client.emit('SEND_ERROR', { ...props, ...failureProps(error) }, 'error')
      store.setState({ sending: false })
      client.showSnackbar(
        'error',
        isUserRejection(error)
          ? walletErrorMessage(error, 'snackbar.failedToSendTransaction')
          : { key: 'snackbar.failedToSendTransaction' },
      )
      return
    }
    client.emit('SEND_SUCCESS', props)
    client.showSnackbar('success', { key: 'snackbar.transactionStarted' })
    reset()
    client.navigate.reset('Account')
    adapter
      .waitForReceipt(hash, target)
      .then(() => {
        client.queries.invalidate(accountDataQueryKey(state.address))
        return client.refreshBalance()
      })
      .catch((error: unknown) => client.logger.error('send: receipt', error))
  }

  return {
    store,
    getState: get,
    subscribe: store.subscribe,
    initialize,
    setToken,
    selectToken,
    setAmount,
    setReceiverAddress,
    setMaxAmount,
    send,
    reset,
  }
}
