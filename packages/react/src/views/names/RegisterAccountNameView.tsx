import { enNames, isValidAccountName } from '@foyer/core/internal'
import { type FormEvent, useEffect, useId } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerAccount } from '../../hooks/useFoyerAccount.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { transferCss } from '../swap/transferStyles.ts'
import { namesCss } from './namesStyles.ts'
import { useNameRegistration } from './useNameRegistration.ts'

/**
 * Choose a name: the label (letters, digits, hyphens, 4 to 63, a letter or digit first and last) before the server's suffix, the typed name's
 * availability and suggestions (registered or free) after a short pause; Register asks the wallet to sign.
 */
export function RegisterAccountNameView() {
  useStyle('foyer-transfer-style', transferCss)
  useStyle('foyer-names-style', namesCss)
  const { t } = useFoyerLocale(enNames)
  const { address } = useFoyerAccount()
  const { names, state } = useNameRegistration()
  const ids = useId()
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(() => preloadViewsWhenIdle(['RegisterAccountNameSuccess']), [preloadViewsWhenIdle])
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the account changes
  useEffect(() => names.loadOwnNames(), [names, address])

  const label = state.label.split('.')[0]!.toLowerCase()
  const valid = isValidAccountName(label)
  const fullName = `${label}.${state.suffix}`
  const canRegister = Boolean(address) && valid && state.available === true && !state.registering

  function submit(event: FormEvent) {
    event.preventDefault()
    if (canRegister) void names.register()
  }

  let status: { text: string; tone?: 'error' } | undefined
  if (state.label && !valid) status = { text: t('names.invalid'), tone: 'error' }
  else if (valid && state.status === 'loading') status = { text: t('names.checking') }
  else if (state.status === 'error') status = { text: t('snackbar.errorFetchingNameSuggestions'), tone: 'error' }
  else if (state.available === true) status = { text: t('names.available', { name: fullName }) }
  else if (state.available === false) status = { text: t('names.taken', { name: fullName }), tone: 'error' }

  return (
    <form className="fo-stack" onSubmit={submit} noValidate aria-busy={state.registering || undefined}>
      {state.ownNames && state.ownNames.length > 0 && (
        <section aria-labelledby={`${ids}-own`} data-testid="own-names">
          <h3 id={`${ids}-own`} className="fo-row-detail" style={{ margin: '0 0 4px', fontSize: 14 }}>
            {t('names.yours')}
          </h3>
          <ul className="fo-name-list">
            {state.ownNames.map((name, i) => (
              <li key={name} className="fo-row">
                <span className="fo-row-label">{name}</span>
                {i === 0 && <span className="fo-tag">{t('names.primary')}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <label className="fo-field" htmlFor={`${ids}-input`}>
        {t('names.inputLabel')}
      </label>
      <div className="fo-name-line">
        <input
          id={`${ids}-input`}
          className="fo-text-input"
          data-testid="name-input"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={63 + 1 + state.suffix.length}
          value={state.label}
          disabled={state.registering}
          aria-invalid={(state.label && !valid) || state.available === false || undefined}
          aria-describedby={`${ids}-rule ${ids}-status`}
          onChange={(e) => names.setLabel(e.target.value)}
        />
        <span className="fo-name-suffix" data-testid="name-suffix">
          .{state.suffix}
        </span>
      </div>
      <p id={`${ids}-rule`} className="fo-muted" style={{ margin: 0, fontSize: 14 }}>
        {t('names.rule')}
      </p>
      <p
        id={`${ids}-status`}
        className={status?.tone === 'error' ? 'fo-error' : undefined}
        data-testid="name-availability"
        role="status"
        style={{ margin: 0, fontSize: 14, minHeight: 20 }}
      >
        {status?.text}
      </p>
      {state.suggestions.length > 0 && (
        <section aria-labelledby={`${ids}-suggestions`}>
          <h3 id={`${ids}-suggestions`} className="fo-row-detail" style={{ margin: '0 0 4px', fontSize: 14 }}>
            {t('names.suggestions')}
          </h3>
          <ul className="fo-name-list">
            {state.suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="fo-row"
                  data-testid={`name-suggestion-${suggestion.name}`}
                  data-registered={suggestion.registered}
                  disabled={suggestion.registered || state.registering}
                  onClick={() => names.selectSuggestion(suggestion.name)}
                >
                  <span className="fo-row-label">{suggestion.name}</span>
                  <span className="fo-tag" data-tone={suggestion.registered ? undefined : 'success'}>
                    {suggestion.registered ? t('names.registered') : t('names.free')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {state.registering && (
        <p className="fo-notice" role="status" data-testid="name-signing">
          <Spinner size={16} />
          {t('names.signing', { name: fullName })}
        </p>
      )}
      <button type="submit" className="fo-primary" data-testid="name-register" disabled={!canRegister}>
        {state.registering && <Spinner size={16} />}
        {t('names.register')}
      </button>
    </form>
  )
}
