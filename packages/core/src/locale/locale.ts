import { type Catalogue, type MessageKey, en } from './en.ts'

export type Locale = 'en' | 'es'
export const supportedLocales: readonly Locale[] = ['en', 'es']
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español' }

export type MessageParameters = Record<string, string | number>
export type Translate = (key: MessageKey, parameters?: MessageParameters) => string

/** Catalogues other than English are their own chunks, fetched when first chosen. */
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: async () => en,
  es: async () => (await import('./es.ts')).es,
}

export function isSupportedLocale(value: string): value is Locale {
  return (supportedLocales as readonly string[]).includes(value)
}

export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return loaders[locale]()
}

/** Fills `{name}` placeholders; an unknown key falls back to English, then to the key itself. */
export function createTranslate(catalogue: Catalogue): Translate {
  return (key, parameters) => {
    const template = catalogue[key] ?? en[key] ?? key
    if (!parameters) return template
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in parameters ? String(parameters[name]) : whole,
    )
  }
}

export { en, type Catalogue, type MessageKey }
