import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'

export type TransferFailedErrorType = TransferFailedError & { name: 'TransferFailedError' }
/** The wallet did not send the transfer, for a reason other than the person declining. */
export class TransferFailedError extends FoyerError {
  override name = 'TransferFailedError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Failed to send transaction. Please try again.', {
      messageKey: 'snackbar.failedToSendTransaction',
      ...parameters,
    })
  }
}

export type SendGasEstimateErrorType = SendGasEstimateError & { name: 'SendGasEstimateError' }
/** The node could not estimate the transfer's gas (it would revert, or the node is unreachable). */
export class SendGasEstimateError extends FoyerError {
  override name = 'SendGasEstimateError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Failed to estimate the network cost', parameters)
  }
}
