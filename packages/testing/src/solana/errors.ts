/**
 * The Solana test wallet's errors. A refusal by the user and a chain the wallet does not have are the Wallet
 * Standard's own `WalletStandardError`s (`@wallet-standard/errors`), as a dapp checks them with
 * `isWalletStandardError`; what the standard has no code for (a site that is not connected, an account or input the
 * wallet cannot sign with, a chain without an RPC URL) is a `SolanaTestWalletError` with a `code`.
 */
import {
  WALLET_STANDARD_ERROR__FEATURES__WALLET_ACCOUNT_CHAIN_UNSUPPORTED,
  WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED,
  WalletStandardError,
} from '@wallet-standard/errors'

export type SolanaTestWalletErrorCode =
  /** The origin has not connected (`standard:connect`) or was disconnected. */
  | 'notConnected'
  /** The input names an account that is not the wallet's, or a transaction the account does not sign. */
  | 'unknownAccount'
  /** The input is malformed (not bytes, not a transaction). */
  | 'invalidInput'
  /** The chain is one the wallet names, but no RPC URL was given for it, so nothing can be sent there. */
  | 'noRpcUrl'
  /** The transaction was sent but failed on chain, or did not reach the asked commitment in time. */
  | 'transactionFailed'

export class SolanaTestWalletError extends Error {
  override readonly name = 'SolanaTestWalletError'
  readonly code: SolanaTestWalletErrorCode
  readonly details?: unknown

  constructor(code: SolanaTestWalletErrorCode, message: string, options?: { details?: unknown; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options?.details !== undefined) this.details = options.details
  }
}

/** The user said no (the wallet is set to reject): the Wallet Standard's `USER__REQUEST_REJECTED`. */
export const userRejected = () => new WalletStandardError(WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)

/** A chain the account does not support, with the standard's context. */
export const chainUnsupported = (context: {
  address: string
  chain: string
  featureName: string
  supportedChains: string[]
  supportedFeatures: string[]
}) => new WalletStandardError(WALLET_STANDARD_ERROR__FEATURES__WALLET_ACCOUNT_CHAIN_UNSUPPORTED, context)

/** The plain shape of an error in the request log. */
export interface SolanaRequestError {
  name: string
  message: string
  /** A `SolanaTestWalletError`'s code, or a `WalletStandardError`'s / kit `SolanaError`'s numeric code. */
  code?: string | number
}

export function toRequestError(err: unknown): SolanaRequestError {
  if (err instanceof SolanaTestWalletError) return { name: err.name, message: err.message, code: err.code }
  const e = err as { name?: unknown; message?: unknown; context?: { __code?: unknown } } | undefined
  const code = typeof e?.context?.__code === 'number' ? e.context.__code : undefined
  const out: SolanaRequestError = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(err),
  }
  if (code !== undefined) out.code = code
  return out
}
