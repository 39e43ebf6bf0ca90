import { accountDataQueryKey } from '../account-data/fetchTokenBalances.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { isUserRejection } from '../errors/errors.ts'
import { parseUnits } from '../format/format.ts'
import type { enTransfer } from '../locale/enTransfer.ts'
import type { KeysWith } from '../locale/locale.ts'
import type { CaipNetwork, CaipNetworkId } from '../networks/networks.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { isEvmAddress, isPositiveAmount, isSolanaAddress } from '../validation/validation.ts'
import { sendingAdapter, walletErrorMessage } from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken, readWalletTokens, type WalletToken } from '../wallet-transactions/walletTokens.ts'

/** The seed's send state, plus what the views need. */
export type SendState = {
  status: 'idle' | 'initializing' | 'ready'
  networkId?: CaipNetworkId
  address?: string
  /** The native token and every token the account holds on the network. */
  tokens: WalletToken[]
  token?: WalletToken
  sendTokenAmount: string
  receiverAddress: string
  /** Filled once account names exist (a name resolves to its address). */
  receiverProfileName?: string | null
  receiverProfileImage?: string | null
  /** Wei per gas unit. */
  gasPrice?: bigint
  /** Wei the transfer is estimated to cost. */
  networkCost?: bigint
  sending: boolean
}

// Every optional key is listed (as undefined): the store merges updates, so a reset must name what it clears.
const initialSendState: { [key in keyof Required<SendState>]: SendState[key] } = {
  status: 'idle',
  networkId: undefined,
  address: undefined,
  tokens: [],
  token: undefined,
  sendTokenAmount: '',
  receiverAddress: '',
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  gasPrice: undefined,
  networkCost: undefined,
  sending: false,
}

/** Gas a plain native transfer uses. */
export const NATIVE_TRANSFER_GAS = 21_000n
/** What an ERC-20 transfer is budgeted at before an estimate is possible (a receiver and an amount). */
export const TOKEN_TRANSFER_GAS = 65_000n

export type SendController = ReturnType<typeof createSendController>
const controllers = new WeakMap<FoyerClient, SendController>()

/** The send flow of one Foyer client (made on first use). */
export function getSendController(client: FoyerClient): SendController {
  let controller = controllers.get(client)
  if (!controller) {
    controller = createSendController(client)
    controllers.set(client, controller)
  }
  return controller
}

/**
 * Why the send button is not ready, as a catalogue key; undefined when it is. Amount and receiver first (on Solana
 * the spec's "Please enter a valid amount and receiver address"), then the receiver's format, then the balance (the
 * native token also pays the network cost).
 */
export function sendInputError(
  state: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress' | 'networkCost' | 'tokens'>,
  network: CaipNetwork,
): KeysWith<typeof enTransfer> | undefined {
  const { token, sendTokenAmount, receiverAddress } = state
  if (!token) return 'send.selectToken'
  const validAmount = isPositiveAmount(sendTokenAmount)
  if (network.chainNamespace === 'solana' && (!validAmount || !receiverAddress)) return 'error.solanaSendInput'
  if (!validAmount) return 'send.enterAmount'
  if (!receiverAddress) return 'send.enterAddress'
  const validReceiver =
    network.chainNamespace === 'solana'
      ? isSolanaAddress(receiverAddress)
      : /^0x[0-9a-fA-F]{40}$/.test(receiverAddress) && isEvmAddress(receiverAddress)
  if (!validReceiver) return 'send.invalidAddress'
  const amount = parseUnits(sendTokenAmount, token.decimals)
  if (amount > token.balance) return 'error.insufficientBalance'
  const native = state.tokens.find(isNativeToken)
  const cost = state.networkCost ?? 0n
  if (native && native.balance < cost + (isNativeToken(token) ? amount : 0n)) return 'error.insufficientBalance'
  return undefined
}

/**
 * The send flow: pick a token the account holds, an amount (Max leaves the network cost on the native token) and a
 * receiver; the wallet signs a native transfer or an ERC-20 `transfer`. "Confirm transaction in your wallet" while
 * it asks, "Transaction started" once sent; a failure shows the wallet's message or "Failed to send transaction.
 * Please try again."
 */
export function createSendController(client: FoyerClient) {
  const store: Store<SendState> = createStore(initialSendState)
  const get = store.getState
  let estimateRequest = 0

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

  /** Network cost: gas price × the transfer's gas (estimated once receiver and amount are valid). */
  async function estimate() {
    const { token, gasPrice, receiverAddress, sendTokenAmount, address } = get()
    if (!token || gasPrice === undefined || !address) return
    const request = ++estimateRequest
    let gas = isNativeToken(token) ? NATIVE_TRANSFER_GAS : TOKEN_TRANSFER_GAS
    store.setState({ networkCost: gas * gasPrice })
    const target = network()
    const adapter = client.options.adapters.find((a) => a.namespace === target.chainNamespace)
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
      gas = await adapter.estimateTokenCallGas({
        network: target,
        from: address,
        tokenAddress: token.address,
        functionName: 'transfer',
        args: [receiverAddress, amount],
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
  function setReceiverAddress(receiverAddress: string) {
    store.setState({
      receiverAddress: receiverAddress.trim(),
      receiverProfileName: undefined,
      receiverProfileImage: undefined,
    })
    void estimate()
  }
  /** The whole balance; for the native token, less the network cost. */
  function setMaxAmount() {
    const { token, networkCost } = get()
    if (!token) return
    let max = token.balance
    if (isNativeToken(token)) max = max > (networkCost ?? 0n) ? max - (networkCost ?? 0n) : 0n
    const whole = max / 10n ** BigInt(token.decimals)
    const fraction = (max % 10n ** BigInt(token.decimals)).toString().padStart(token.decimals, '0').replace(/0+$/, '')
    setAmount(fraction ? `${whole}.${fraction}` : `${whole}`)
  }

  async function send() {
    const state = get()
    const target = network()
    const { token } = state
    if (!token || state.sending || sendInputError(state, target)) return
    const amount = parseUnits(state.sendTokenAmount, token.decimals)
    store.setState({ sending: true })
    client.showSnackbar('loading', { key: 'snackbar.confirmTransaction' })
    let hash: string
    const adapter = sendingAdapter(client, target)
    try {
      hash = isNativeToken(token)
        ? await adapter.sendTransaction({ network: target, to: state.receiverAddress, value: amount })
        : await adapter.writeContract({
            network: target,
            tokenAddress: token.address,
            functionName: 'transfer',
            args: [state.receiverAddress, amount],
          })
    } catch (error) {
      client.logger.error('send', error)
      store.setState({ sending: false })
      client.showSnackbar(
        'error',
        isUserRejection(error)
          ? walletErrorMessage(error, 'snackbar.failedToSendTransaction')
          : { key: 'snackbar.failedToSendTransaction' },
      )
      return
    }
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
