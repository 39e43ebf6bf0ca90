import { FoyerError, type MessageKey, type Translate, englishCatalogue, shortMessageOf } from '@foyer/core'

/** What a person reads for an error: Foyer's own errors in the current language, a wallet's short message as it is. */
export function translateError(error: unknown, t: Translate): string {
  if (error instanceof FoyerError && error.messageKey && error.messageKey in englishCatalogue) return t(error.messageKey as MessageKey)
  return shortMessageOf(error, t('snackbar.somethingWentWrong'))
}
