import { en } from './en.ts'
import { type Locale, type Messages, supportedLocales } from './locale.ts'

/**
 * Catalogues other than English are their own chunks, fetched when first chosen; English is the base alone.
 * Kept apart from `locale.ts`, which every view imports: a module with a dynamic import that lazy chunks also
 * import makes the bundler split what the page and those chunks share into many small chunks.
 */
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: async () => en,
  es: async () => (await import('./es.ts')).es,
}

export function isSupportedLocale(value: string): value is Locale {
  return (supportedLocales as readonly string[]).includes(value)
}

export function loadCatalogue(locale: Locale): Promise<Messages> {
  return loaders[locale]()
}
