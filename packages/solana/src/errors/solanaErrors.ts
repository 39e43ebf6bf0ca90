import { FoyerError, type FoyerErrorParameters, UserRejectedRequestError } from '@foyer/core'

/** The Wallet Standard's code for "the user rejected the request" (`WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED`). */
const WALLET_STANDARD_USER_REJECTED = 4001000

export type SolanaWalletFeatureNotSupportedErrorType = SolanaWalletFeatureNotSupportedError & {
  name: 'SolanaWalletFeatureNotSupportedError'
}
/** The connected wallet lacks a Wallet Standard feature the request needs (e.g. `solana:signMessage`). */
export class SolanaWalletFeatureNotSupportedError extends FoyerError {
  override name = 'SolanaWalletFeatureNotSupportedError'
  readonly feature: string
  constructor({ feature, wallet, ...parameters }: FoyerErrorParameters & { feature: string; wallet?: string }) {
    super('Action not allowed', {
      messageKey: 'error.actionNotAllowed',
      details: `${wallet ?? 'The wallet'} does not have the Wallet Standard feature "${feature}"`,
      ...parameters,
    })
    this.feature = feature
  }
}

export type SolanaMintNotFoundErrorType = SolanaMintNotFoundError & { name: 'SolanaMintNotFoundError' }
/** The token address is not a mint of the Token or Token-2022 program on the network. */
export class SolanaMintNotFoundError extends FoyerError {
  override name = 'SolanaMintNotFoundError'
  readonly mint: string
  constructor({ mint, ...parameters }: FoyerErrorParameters & { mint: string }) {
    super('Failed to fetch token balance', {
      messageKey: 'snackbar.failedToFetchTokenBalance',
      details: `${mint} is not a mint of the Token or Token-2022 program`,
      ...parameters,
    })
    this.mint = mint
  }
}

export type SolanaTransactionTimeoutErrorType = SolanaTransactionTimeoutError & {
  name: 'SolanaTransactionTimeoutError'
}
/** The transaction was not confirmed in time (`RECEIPT_TIMEOUT_MS` unless told otherwise). */
export class SolanaTransactionTimeoutError extends FoyerError {
  override name = 'SolanaTransactionTimeoutError'
  readonly signature: string
  constructor({ signature, timeout, ...parameters }: FoyerErrorParameters & { signature: string; timeout: number }) {
    super('Transaction error', {
      messageKey: 'snackbar.transactionError',
      details: `The transaction ${signature} was not confirmed within ${timeout} ms`,
      ...parameters,
    })
    this.signature = signature
  }
}

/**
 * True when a wallet failure (or anything in its cause chain) is the person declining: the Wallet Standard's
 * `USER__REQUEST_REJECTED`, code 4001 (Phantom, Solflare and others follow EIP-1193 there), a
 * `UserRejectedRequestError`, or a message that says the request was rejected.
 */
export function isSolanaUserRejection(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 10; depth++) {
    const e = current as {
      code?: unknown
      name?: unknown
      message?: unknown
      context?: { __code?: unknown }
      cause?: unknown
    }
    if (
      e.code === 4001 ||
      e.code === WALLET_STANDARD_USER_REJECTED ||
      e.context?.__code === WALLET_STANDARD_USER_REJECTED
    )
      return true
    if (e.name === 'UserRejectedRequestError') return true
    if (typeof e.message === 'string' && /\brejected\b/i.test(e.message)) return true
    current = e.cause
  }
  return false
}

/** A wallet failure as the modal should see it: a decline becomes core's `UserRejectedRequestError` (cause kept). */
export function toFoyerError(error: unknown): unknown {
  if (error instanceof UserRejectedRequestError) return error
  if (isSolanaUserRejection(error)) return new UserRejectedRequestError({ cause: error })
  return error
}
