import type { ConsoleSession } from '../../../server/src/console/contract.ts'
import { CONSOLE_LOCALES, type ConsoleLocale, LOCALE_NAMES, useLocale } from '../locale/locale.tsx'
import { THEME_CHOICES, type ThemeChoice, useConsoleTheme } from '../theme/theme.tsx'
import { Link } from './router.tsx'

export function Header({ session, onSignOut }: { session: ConsoleSession | null; onSignOut(): void }) {
  const { t, locale, setLocale } = useLocale()
  const theme = useConsoleTheme()
  return (
    <header className="header">
      <nav aria-label={t('app.nav')} className="header-nav">
        <span className="brand">{t('app.title')}</span>
        {session ? <Link to={{ page: 'projects' }}>{t('app.projects')}</Link> : null}
      </nav>
      <div className="header-tools">
        <label className="compact-field">
          <span>{t('app.language')}</span>
          <select value={locale} onChange={(e) => setLocale(e.target.value as ConsoleLocale)}>
            {CONSOLE_LOCALES.map((value) => (
              <option key={value} value={value} lang={value}>
                {LOCALE_NAMES[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="compact-field">
          <span>{t('app.theme')}</span>
          <select value={theme.choice} onChange={(e) => theme.setChoice(e.target.value as ThemeChoice)}>
            {THEME_CHOICES.map((value) => (
              <option key={value} value={value}>
                {t(`app.theme.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {session ? (
          <>
            <span className="muted">{t('app.signedInAs', { email: session.operator.email })}</span>
            <button type="button" className="button" onClick={onSignOut}>
              {t('app.signOut')}
            </button>
          </>
        ) : null}
      </div>
    </header>
  )
}
