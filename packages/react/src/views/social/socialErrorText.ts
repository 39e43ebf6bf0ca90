import { RequestAbortedError, SocialLoginError } from '@foyer/core'
import type { enSocial, Translate } from '@foyer/core/internal'
import { translateError } from '../../components/translateError.ts'

/** What the person reads for a sign-in's end: the social errors in the current language, others as usual. */
export function socialErrorText(error: unknown, t: Translate<keyof typeof enSocial | 'snackbar.anErrorOccurred'>) {
  if (error instanceof SocialLoginError) return t(error.messageKey)
  return translateError(error, t as Translate)
}

/** An abort means the view went away (back, the modal closed): nobody to tell. */
export const isAbort = (error: unknown) => error instanceof RequestAbortedError
