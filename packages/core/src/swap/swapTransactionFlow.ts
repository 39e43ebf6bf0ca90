import { accountDataQueryKey } from '../account-data/fetchTokenBalances.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { parseUnits } from '../format/parseUnits.ts'
import type { Store } from '../store/createStore.ts'
import { walletErrorMessage } from '../wallet-transactions/transactionMessages.ts'
import { isNativeToken } from '../wallet-transactions/walletTokens.ts'
import { buildSwapApproval } from './buildSwapApproval.ts'
import { buildSwapTransaction } from './buildSwapTransaction.ts'
import { fetchSwapAllowance } from './fetchSwapAllowance.ts'
import { sendSwapTransaction } from './sendSwapTransaction.ts'
import type { SwapState } from './swapState.ts'
import type { SwapTransaction } from './swapTransaction.ts'

/** What the swap controller shares with its transaction steps. */
export type SwapFlowContext = {
  client: FoyerClient
  store: Store<SwapState>
  /** Race counters: a step whose number is no longer current drops its answer. */
  requests: { quote: number; build: number }
  fetchQuote(): Promise<void>
  reset(): void
}

/**
 * The swap's transaction steps: build the approval or the swap for the preview, have the wallet send them, and
 * after a mined approval quote and build again. Each failure shows its step's snackbar.
 */
export function createSwapTransactionFlow(context: SwapFlowContext) {
  const { client, store, requests, fetchQuote, reset } = context
  const get = store.getState
  const userAddress = () => `${get().networkId}:${get().address}`
  const sendThroughWallet = (transaction: SwapTransaction) =>
    sendSwapTransaction(client, { network: client.getSelectedNetwork(), transaction })

  /**
   * For the preview: checks the allowance; enough → builds the swap, short → builds the approval first. Failures show
   * "Failed to check allowance", "Failed to create approval transaction" or "Failed to create transaction".
   */
  async function prepareTransaction() {
    const { sourceToken, toToken, sourceTokenAmount, toTokenAmountRaw } = get()
    if (!sourceToken || !toToken || !toTokenAmountRaw) return
    const amount = parseUnits(sourceTokenAmount, sourceToken.decimals)
    const request = ++requests.build
    store.setState({ loadingTransaction: true, approvalTransaction: undefined, swapTransaction: undefined })
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
      try {
        const approvalTransaction = await buildSwapApproval(client, {
          userAddress: userAddress(),
          from: sourceToken.id,
          to: toToken.id,
          amount,
        })
        done({ approvalTransaction })
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

  return { prepareTransaction, sendApproval, sendSwap }
}
