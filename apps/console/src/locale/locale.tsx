/**
 * The console's locale: English and Spanish catalogues, `{name}` placeholders, the choice kept in localStorage and
 * first taken from the browser's languages.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { type ConsoleMessageKey, en } from './en.ts'
import { es } from './es.ts'

export const CONSOLE_LOCALES = ['en', 'es'] as const
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number]
/** Each language's name in itself: the language menu shows them untranslated. */
export const LOCALE_NAMES: Record<ConsoleLocale, string> = { en: 'English', es: 'Español' }
const CATALOGUES: Record<ConsoleLocale, Record<ConsoleMessageKey, string>> = { en, es }
const STORAGE_KEY = 'foyer-console-locale'

export type ConsoleTranslate = (key: ConsoleMessageKey, parameters?: Record<string, string | number>) => string

export function createConsoleTranslate(locale: ConsoleLocale): ConsoleTranslate {
  const catalogue = CATALOGUES[locale]
  return (key, parameters) => {
    const template = catalogue[key] ?? en[key] ?? key
    if (!parameters) return template
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in parameters ? String(parameters[name]) : whole,
    )
  }
}

/** The stored choice, else the first browser language the console has, else English. */
export function initialLocale(): ConsoleLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    if (stored && (CONSOLE_LOCALES as readonly string[]).includes(stored)) return stored as ConsoleLocale
  } catch {}
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  for (const language of languages) {
    const base = language?.toLowerCase().split('-')[0]
    if ((CONSOLE_LOCALES as readonly string[]).includes(base ?? '')) return base as ConsoleLocale
  }
  return 'en'
}

type LocaleValue = { locale: ConsoleLocale; setLocale(locale: ConsoleLocale): void; t: ConsoleTranslate }
const LocaleContext = createContext<LocaleValue | null>(null)

export function LocaleProvider({ children, locale: fixed }: { children: ReactNode; locale?: ConsoleLocale }) {
  const [locale, setLocaleState] = useState<ConsoleLocale>(() => fixed ?? initialLocale())
  const setLocale = useCallback((next: ConsoleLocale) => {
    setLocaleState(next)
    try {
      localStorage.setItem(STORAGE_KEY, next)
    } catch {}
  }, [])
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  const value = useMemo(() => ({ locale, setLocale, t: createConsoleTranslate(locale) }), [locale, setLocale])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useLocale needs a <LocaleProvider>')
  return value
}
