import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'
import { type BaseMessageKey, en } from '../locale/en.ts'

// Short messages are the English catalogue's, so each text has one copy.

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
    super(en['snackbar.requestAborted'], { messageKey: 'snackbar.requestAborted', ...parameters })
  }
}

export type EmbeddedFrameLoadErrorType = EmbeddedFrameLoadError & { name: 'EmbeddedFrameLoadError' }
/** The secure frame (or the code that drives it) could not be loaded, or refused this site. */
export class EmbeddedFrameLoadError extends FoyerError {
  override name = 'EmbeddedFrameLoadError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super(en['snackbar.unableToLoadEmailLogin'], { messageKey: 'snackbar.unableToLoadEmailLogin', ...parameters })
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

const messageKeys: Record<EmbeddedWalletErrorCode, BaseMessageKey> = {
  invalid_email: 'error.invalidEmail',
  invalid_code: 'error.invalidOtp',
  code_expired: 'error.otpExpired',
  too_many_attempts: 'error.tooManyAttempts',
  email_taken: 'error.emailTaken',
  unauthorized: 'error.embeddedSessionEnded',
  not_available: 'error.emailNotAvailable',
  failed: 'error.embeddedWallet',
}

export type EmbeddedWalletErrorType = EmbeddedWalletError & { name: 'EmbeddedWalletError' }
/** Anything else the embedded wallet refused; `code` says what. */
export class EmbeddedWalletError extends FoyerError {
  override name = 'EmbeddedWalletError'
  readonly code: EmbeddedWalletErrorCode
  constructor({ code, ...parameters }: FoyerErrorParameters & { code: EmbeddedWalletErrorCode }) {
    const messageKey = messageKeys[code]
    super(en[messageKey], { messageKey, ...parameters })
    this.code = code
  }
}
