import type { Locale } from '@foyer/core'
import {
  type BaseMessageKey,
  createTranslate,
  type MessageKey,
  type Messages,
  type Translate,
} from '@foyer/core/internal'
import { useMemo } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'
import { useFoyerStore } from './useFoyerStore.ts'

export type UseFoyerLocaleReturnType<key extends MessageKey = BaseMessageKey> = {
  locale: Locale
  /** Loads the catalogue (other languages are their own chunks) and switches every visible string. */
  setLocale(locale: Locale): Promise<void>
  /** Translates a catalogue key in the current locale; a new function after every switch. */
  t: Translate<key>
}

/**
 * The current locale, a translate function for it, and a setter. The function knows the English base; a feature
 * view passes its own English part (`useFoyerLocale(enTransfer)`), so that part's strings travel in the
 * feature's chunk and not in the page's first download.
 */
export function useFoyerLocale(): UseFoyerLocaleReturnType
export function useFoyerLocale<partKey extends MessageKey>(
  part: Readonly<Record<partKey, string>>,
): UseFoyerLocaleReturnType<BaseMessageKey | partKey>
export function useFoyerLocale(part?: Messages): UseFoyerLocaleReturnType<MessageKey> {
  const client = useFoyerClient()
  const locale = useFoyerStore((s) => s.locale)
  const catalogue = useFoyerStore((s) => s.catalogue)
  return useMemo(
    () => ({
      locale,
      setLocale: client.setLocale,
      t: createTranslate(catalogue, (part ?? {}) as Readonly<Record<MessageKey, string>>),
    }),
    [client, locale, catalogue, part],
  )
}
