import { EmailRateLimitedError, type Translate } from '@foyer/core'
import { translateError } from '../../components/translateError.ts'

/** The text for an email-login error; the 30 s lock reads exactly "Please try again after N seconds". */
export function embeddedErrorText(error: unknown, t: Translate): string {
  if (error instanceof EmailRateLimitedError) return t('error.emailRateLimited', { seconds: String(error.seconds) })
  return translateError(error, t)
}
