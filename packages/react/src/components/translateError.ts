import { EmailRateLimitedError, FoyerError } from '@foyer/core'
import { isBaseMessageKey, shortMessageOf, type Translate } from '@foyer/core/internal'

/**
 * What a person reads for an error: Foyer's own errors in the current language (the email login's 30 s lock reads
 * exactly "Please try again after N seconds"), a wallet's short message as it is, and "An error occurred" for an
 * error with no message of its own (a raw `Error`'s message is for the log, not the person).
 */
export function translateError(error: unknown, t: Translate): string {
  if (error instanceof EmailRateLimitedError) return t('error.emailRateLimited', { seconds: String(error.seconds) })
  if (error instanceof FoyerError && error.messageKey && isBaseMessageKey(error.messageKey)) return t(error.messageKey)
  return shortMessageOf(error, t('snackbar.anErrorOccurred'))
}
