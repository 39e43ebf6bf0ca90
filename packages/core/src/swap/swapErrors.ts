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

export type SwapTokensErrorType = SwapTokensError & { name: 'SwapTokensError' }
/** The tokens the swap API offers could not be read (the swap cannot start: "Failed to initialize swap"). */
export class SwapTokensError extends SwapStepError {
  override name = 'SwapTokensError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super({ step: 'initialize', ...parameters })
  }
}

export type SwapGasPriceErrorType = SwapGasPriceError & { name: 'SwapGasPriceError' }
/** The swap API's gas price could not be read (the swap cannot start: "Failed to initialize swap"). */
export class SwapGasPriceError extends SwapStepError {
  override name = 'SwapGasPriceError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super({ step: 'initialize', ...parameters })
  }
}

export type SwapAllowanceErrorType = SwapAllowanceError & { name: 'SwapAllowanceError' }
/** The router's allowance could not be read ("Failed to check allowance"). */
export class SwapAllowanceError extends SwapStepError {
  override name = 'SwapAllowanceError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super({ step: 'allowance', ...parameters })
  }
}

export type SwapApprovalErrorType = SwapApprovalError & { name: 'SwapApprovalError' }
/** The swap API did not build the approval ("Failed to create approval transaction"). */
export class SwapApprovalError extends SwapStepError {
  override name = 'SwapApprovalError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super({ step: 'approval', ...parameters })
  }
}

export type SwapTransactionErrorType = SwapTransactionError & { name: 'SwapTransactionError' }
/** The swap API did not build the swap ("Failed to create transaction"). */
export class SwapTransactionError extends SwapStepError {
  override name = 'SwapTransactionError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super({ step: 'transaction', ...parameters })
  }
}

export type SwapQuoteErrorType = SwapQuoteError & { name: 'SwapQuoteError' }
/**
 * No quote: `noRoute` when the swap API refused the pair (HTTP 400, "No pool can swap these tokens"), else the
 * request failed ("Something went wrong").
 */
export class SwapQuoteError extends FoyerError {
  override name = 'SwapQuoteError'
  readonly noRoute: boolean
  constructor({ noRoute = false, ...parameters }: FoyerErrorParameters & { noRoute?: boolean } = {}) {
    super(noRoute ? 'No pool can swap these tokens' : 'Something went wrong', {
      messageKey: noRoute ? 'swap.noRoute' : 'snackbar.somethingWentWrong',
      ...parameters,
    })
    this.noRoute = noRoute
  }
}
