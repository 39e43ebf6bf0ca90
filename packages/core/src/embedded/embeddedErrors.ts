import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'

export type EmailRateLimitedErrorType = EmailRateLimitedError & { name: 'EmailRateLimitedError' }
/** A new email login was asked for within 30 s of the last one (client-side lock or the server's). */
export class EmailRateLimitedError extends FoyerError {
  override name = 'EmailRateLimitedError'
  readonly seconds: number
  constructor({ seconds, ...parameters }: FoyerErrorParameters & { seconds: number }) {
    super(`Please try again after ${seconds} seconds`, { messageKey: 'error.emailRateLimited', ...parameters })
    this.seconds = seconds
  }
}

export type RequestAbortedErrorType = RequestAbortedError & { name: 'RequestAbortedError' }
/** A request to the secure frame was abandoned, e.g. the modal closed while it waited. */
export class RequestAbortedError extends FoyerError {
  override name = 'RequestAbortedError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Request was aborted', { messageKey: 'snackbar.requestAborted', ...parameters })
  }
}

export type EmbeddedFrameLoadErrorType = EmbeddedFrameLoadError & { name: 'EmbeddedFrameLoadError' }
/** The secure frame (or the code that drives it) could not be loaded, or refused this site. */
export class EmbeddedFrameLoadError extends FoyerError {
  override name = 'EmbeddedFrameLoadError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Unable to load email login dependency', { messageKey: 'snackbar.unableToLoadEmailLogin', ...parameters })
  }
}

export type RpcNotAllowedErrorType = RpcNotAllowedError & { name: 'RpcNotAllowedError' }
/** The site asked the embedded wallet for a method that is neither on the safe nor on the not-safe list. */
export class RpcNotAllowedError extends FoyerError {
  override name = 'RpcNotAllowedError'
  /** EIP-1193 "unsupported method". */
  readonly code = 4200
  constructor({ method, ...parameters }: FoyerErrorParameters & { method?: string } = {}) {
    super('Requested RPC call is not allowed', {
      messageKey: 'error.rpcNotAllowed',
      details: method ? `Method "${method}" is not on the embedded wallet's lists` : undefined,
      ...parameters,
    })
  }
}

export type EmbeddedWalletErrorCode =
  | 'invalid_email'
  | 'invalid_code'
  | 'code_expired'
  | 'too_many_attempts'
  | 'email_taken'
  | 'unauthorized'
  | 'not_available'
  | 'failed'

const shortMessages: Record<EmbeddedWalletErrorCode, [string, string]> = {
  invalid_email: ['Enter a valid email address', 'error.invalidEmail'],
  invalid_code: ['Invalid code', 'error.invalidOtp'],
  code_expired: ['The code has expired. Request a new one.', 'error.otpExpired'],
  too_many_attempts: ['Too many attempts. Try again later.', 'error.tooManyAttempts'],
  email_taken: ['This email is already in use', 'error.emailTaken'],
  unauthorized: ['Your email session has ended. Sign in again.', 'error.embeddedSessionEnded'],
  not_available: ['Email login is not available', 'error.emailNotAvailable'],
  failed: ['The email wallet could not complete the request', 'error.embeddedWallet'],
}

export type EmbeddedWalletErrorType = EmbeddedWalletError & { name: 'EmbeddedWalletError' }
/** Anything else the embedded wallet refused; `code` says what. */
export class EmbeddedWalletError extends FoyerError {
  override name = 'EmbeddedWalletError'
  readonly code: EmbeddedWalletErrorCode
  constructor({ code, ...parameters }: FoyerErrorParameters & { code: EmbeddedWalletErrorCode }) {
    const [shortMessage, messageKey] = shortMessages[code]
    super(shortMessage, { messageKey, ...parameters })
    this.code = code
  }
}
