import { FoyerError } from '../errors/base.ts'

export type SiweNotVerifiedErrorType = SiweNotVerifiedError & { name: 'SiweNotVerifiedError' }
/** The site's `verifyMessage` refused the signed message (a custom `siwe` backend said false). */
export class SiweNotVerifiedError extends FoyerError {
  override name = 'SiweNotVerifiedError'
  constructor(parameters: { cause?: unknown; details?: string } = {}) {
    super('The sign-in could not be verified', { messageKey: 'error.siweNotVerified', ...parameters })
  }
}

export type SiweUnavailableErrorType = SiweUnavailableError & { name: 'SiweUnavailableError' }
/** Nothing to sign in with: no connected EVM account, or its adapter cannot sign messages. */
export class SiweUnavailableError extends FoyerError {
  override name = 'SiweUnavailableError'
  constructor(parameters: { details?: string } = {}) {
    super('Sign-in is not available for this account', { messageKey: 'error.siweUnavailable', ...parameters })
  }
}
