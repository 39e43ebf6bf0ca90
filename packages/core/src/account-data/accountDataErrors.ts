import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'

export type TokenBalanceErrorType = TokenBalanceError & { name: 'TokenBalanceError' }
/** The token balances could not be read from the Foyer server. */
export class TokenBalanceError extends FoyerError {
  override name = 'TokenBalanceError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Failed to fetch token balance', { messageKey: 'snackbar.failedToFetchTokenBalance', ...parameters })
  }
}

export type TransactionHistoryErrorType = TransactionHistoryError & { name: 'TransactionHistoryError' }
/** The account's history could not be read from the Foyer server. */
export class TransactionHistoryError extends FoyerError {
  override name = 'TransactionHistoryError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Failed to fetch transactions', { messageKey: 'snackbar.failedToFetchTransactions', ...parameters })
  }
}

export type TokenPriceErrorType = TokenPriceError & { name: 'TokenPriceError' }
/** Token prices could not be read from the Foyer server. */
export class TokenPriceError extends FoyerError {
  override name = 'TokenPriceError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Failed to fetch network token price', {
      messageKey: 'snackbar.failedToFetchNetworkTokenPrice',
      ...parameters,
    })
  }
}
