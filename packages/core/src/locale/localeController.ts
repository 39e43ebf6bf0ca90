import type { Store } from '../store/createStore.ts'
import { isSupportedLocale, loadCatalogue } from './loadCatalogue.ts'
import { createTranslate, type Locale, type Messages, type Translate } from './locale.ts'

/** The modal's language: switching loads the locale's catalogue; `t` translates with the current one. */
export function createLocaleController(store: Store<{ locale: Locale; catalogue: Messages }>) {
  let translate: { catalogue: Messages; t: Translate } | undefined
  return {
    async setLocale(locale: Locale) {
      if (!isSupportedLocale(locale)) throw new TypeError(`Unsupported locale: ${locale}`)
      const catalogue = await loadCatalogue(locale)
      store.setState({ locale, catalogue })
    },
    /** The translate function for the current locale (memoised per catalogue). */
    t(...args: Parameters<Translate>) {
      const { catalogue } = store.getState()
      if (translate?.catalogue !== catalogue) translate = { catalogue, t: createTranslate(catalogue) }
      return translate.t(...args)
    },
  }
}
