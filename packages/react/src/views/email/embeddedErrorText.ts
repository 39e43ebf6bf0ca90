import { EmailRateLimitedError, FoyerError, type MessageKey, type Translate, englishCatalogue } from '@foyer/core'
import { translateError } from '../../components/translateError.ts'

/** The text for an email-login error; the 30 s lock reads exactly "Please try again after N seconds". */
export function embeddedErrorText(error: unknown, t: Translate): string {
  if (error instanceof EmailRateLimitedError) return t('error.emailRateLimited', { seconds: String(error.seconds) })
  if (error instanceof FoyerError && error.messageKey && error.messageKey in englishCatalogue) return t(error.messageKey as MessageKey)
  return translateError(error, t)
}
