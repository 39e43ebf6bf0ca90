import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'

export type NoSwapAddressErrorType = NoSwapAddressError & { name: 'NoSwapAddressError' }
/** Swapping needs a connected address. */
export class NoSwapAddressError extends FoyerError {
  override name = 'NoSwapAddressError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('No address found to swap the tokens from', { messageKey: 'error.noSwapAddress', ...parameters })
  }
}

export type InsufficientBalanceErrorType = InsufficientBalanceError & { name: 'InsufficientBalanceError' }
/** Not enough of the source token, or of the native token for gas. */
export class InsufficientBalanceError extends FoyerError {
  override name = 'InsufficientBalanceError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Insufficient balance', { messageKey: 'error.insufficientBalance', ...parameters })
  }
}

export type SwapStepErrorType = SwapStepError & { name: 'SwapStepError' }
/**
 * A step of the swap failed (initialise, price, allowance, approval, transaction); `messageKey` is the spec's
 * snackbar message for that step, the cause says why.
 */
export class SwapStepError extends FoyerError {
  override name = 'SwapStepError'
  readonly step: SwapStep
  constructor({ step, ...parameters }: FoyerErrorParameters & { step: SwapStep }) {
    const { shortMessage, messageKey } = swapStepMessages[step]
    super(shortMessage, { messageKey, ...parameters })
    this.step = step
  }
}

export type SwapStep = 'initialize' | 'networkPrice' | 'allowance' | 'approval' | 'transaction'

const swapStepMessages = {
  initialize: { shortMessage: 'Failed to initialize swap', messageKey: 'snackbar.failedToInitializeSwap' },
  networkPrice: {
    shortMessage: 'Failed to fetch network token price',
    messageKey: 'snackbar.failedToFetchNetworkTokenPrice',
  },
  allowance: { shortMessage: 'Failed to check allowance', messageKey: 'snackbar.failedToCheckAllowance' },
  approval: {
    shortMessage: 'Failed to create approval transaction',
    messageKey: 'snackbar.failedToCreateApprovalTransaction',
  },
  transaction: { shortMessage: 'Failed to create transaction', messageKey: 'snackbar.failedToCreateTransaction' },
} as const
