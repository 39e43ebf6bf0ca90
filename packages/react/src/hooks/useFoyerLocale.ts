import { type Locale, type Translate, createTranslate } from '@foyer/core'
import { useMemo } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'
import { useFoyerStore } from './useFoyerStore.ts'

export type UseFoyerLocaleReturnType = {
  locale: Locale
  /** Loads the catalogue (other languages are their own chunks) and switches every visible string. */
  setLocale(locale: Locale): Promise<void>
  /** Translates a catalogue key in the current locale; a new function after every switch. */
  t: Translate
}

/** The current locale, a translate function for it, and a setter. */
export function useFoyerLocale(): UseFoyerLocaleReturnType {
  const client = useFoyerClient()
  const locale = useFoyerStore((s) => s.locale)
  const catalogue = useFoyerStore((s) => s.catalogue)
  return useMemo(() => ({ locale, setLocale: client.setLocale, t: createTranslate(catalogue) }), [client, locale, catalogue])
}
