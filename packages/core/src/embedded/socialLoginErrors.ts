import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'
import { enSocial } from '../locale/enSocial.ts'

// Short messages are the social part of the English catalogue (`messageKey` names each): the views that show them
// bring that part with their chunk.

export type SocialLoginMessageKey = keyof typeof enSocial

export type SocialLoginErrorType = SocialLoginError & { name: 'SocialLoginError' }
/** A social or Farcaster sign-in did not end signed in; each subclass says why. */
export class SocialLoginError extends FoyerError {
  override name = 'SocialLoginError'
  declare readonly messageKey: SocialLoginMessageKey
  constructor(messageKey: SocialLoginMessageKey, parameters: FoyerErrorParameters = {}) {
    super(enSocial[messageKey], { ...parameters, messageKey })
  }
}

export type SocialPopupBlockedErrorType = SocialPopupBlockedError & { name: 'SocialPopupBlockedError' }
/** The browser did not open the sign-in window (a pop-up blocker). */
export class SocialPopupBlockedError extends SocialLoginError {
  override name = 'SocialPopupBlockedError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('social.errorBlocked', parameters)
  }
}

export type SocialPopupClosedErrorType = SocialPopupClosedError & { name: 'SocialPopupClosedError' }
/** The person closed the sign-in window before finishing. */
export class SocialPopupClosedError extends SocialLoginError {
  override name = 'SocialPopupClosedError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('social.errorClosed', parameters)
  }
}

export type SocialLoginCancelledErrorType = SocialLoginCancelledError & { name: 'SocialLoginCancelledError' }
/** The person said no: at the provider, in Farcaster, or to linking the account that has the same email. */
export class SocialLoginCancelledError extends SocialLoginError {
  override name = 'SocialLoginCancelledError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('social.errorCancelled', parameters)
  }
}

export type SocialLoginFailedErrorType = SocialLoginFailedError & { name: 'SocialLoginFailedError' }
/** The provider's answer was refused (a mismatch, a replay, an exchange the provider refused) or the flow is unknown. */
export class SocialLoginFailedError extends SocialLoginError {
  override name = 'SocialLoginFailedError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('social.errorFailed', parameters)
  }
}

export type SocialLoginExpiredErrorType = SocialLoginExpiredError & { name: 'SocialLoginExpiredError' }
/** The sign-in was not finished in time. */
export class SocialLoginExpiredError extends SocialLoginError {
  override name = 'SocialLoginExpiredError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('social.errorExpired', parameters)
  }
}

export type SocialProviderUnavailableErrorType = SocialProviderUnavailableError & {
  name: 'SocialProviderUnavailableError'
}
/** The project does not offer this provider, or the provider cannot be reached now. */
export class SocialProviderUnavailableError extends SocialLoginError {
  override name = 'SocialProviderUnavailableError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('social.errorUnavailable', parameters)
  }
}
