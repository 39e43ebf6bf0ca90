/**
 * One OAuth provider's client for the project. The client secret is write-only: the form never shows one, says
 * whether one is stored, and sends a secret only when the operator types a new one (absent keeps the stored one).
 */
import type { SocialProvider } from '@foyer/core/protocol'
import { type FormEvent, useId, useState } from 'react'
import type {
  ConsoleProject,
  ConsoleSocialCredentials,
  SocialCredentialsInput,
} from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { useAction } from '../app/useAction.ts'
import type { ConsoleMessageKey } from '../locale/en.ts'
import { useLocale } from '../locale/locale.tsx'
import { providerLabel } from './FeatureSwitches.tsx'

const ENDPOINTS = ['issuer', 'authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint'] as const
type Endpoint = (typeof ENDPOINTS)[number]

function isUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export function SocialCredentialsForm({
  project,
  provider,
  onSaved,
}: {
  project: ConsoleProject
  provider: SocialProvider
  onSaved(project: ConsoleProject): void
}) {
  const { t } = useLocale()
  const { api } = useConsole()
  const id = useId()
  const stored: ConsoleSocialCredentials | undefined = project.socialLogin[provider]
  const [clientId, setClientId] = useState(stored?.clientId ?? '')
  const [clientSecret, setClientSecret] = useState('')
  const [endpoints, setEndpoints] = useState<Record<Endpoint, string>>(() => ({
    issuer: stored?.issuer ?? '',
    authorizationEndpoint: stored?.authorizationEndpoint ?? '',
    tokenEndpoint: stored?.tokenEndpoint ?? '',
    userinfoEndpoint: stored?.userinfoEndpoint ?? '',
  }))
  const [scopes, setScopes] = useState(stored?.scopes?.join(' ') ?? '')
  const [invalid, setInvalid] = useState<string | null>(null)
  const [removed, setRemoved] = useState(false)
  const save = useAction(api.setSocialCredentials)
  const remove = useAction(api.removeSocialCredentials)
  const name = t(providerLabel(provider))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setRemoved(false)
    if (!clientId.trim()) return setInvalid(t('social.clientIdRequired'))
    if (!stored?.hasClientSecret && !clientSecret) return setInvalid(t('social.secretRequired'))
    const bad = ENDPOINTS.find((key) => endpoints[key].trim() && !isUrl(endpoints[key].trim()))
    if (bad) return setInvalid(t('social.urlInvalid'))
    setInvalid(null)
    const input: SocialCredentialsInput = { clientId: clientId.trim() }
    if (clientSecret) input.clientSecret = clientSecret
    for (const key of ENDPOINTS) if (endpoints[key].trim()) input[key] = endpoints[key].trim()
    const scopeList = scopes.split(/\s+/).filter(Boolean)
    if (scopeList.length) input.scopes = scopeList
    const updated = await save.run(project.id, provider, input)
    if (updated) {
      setClientSecret('') // never kept in the page once sent
      onSaved(updated)
    }
  }
  const removeCredentials = async () => {
    save.reset()
    const updated = await remove.run(project.id, provider)
    if (updated) {
      setClientId('')
      setClientSecret('')
      setRemoved(true)
      onSaved(updated)
    }
  }

  const endpointLabel: Record<Endpoint, ConsoleMessageKey> = {
    issuer: 'social.issuer',
    authorizationEndpoint: 'social.authorizationEndpoint',
    tokenEndpoint: 'social.tokenEndpoint',
    userinfoEndpoint: 'social.userinfoEndpoint',
  }

  return (
    <details className="social-provider" data-testid={`social-${provider}`}>
      <summary>
        <span>{name}</span>{' '}
        <span className={stored ? 'badge on' : 'badge'}>
          {stored ? t('social.configured') : t('social.notConfigured')}
        </span>
      </summary>
      <form className="form" onSubmit={submit} aria-label={name} noValidate>
        <label className="field">
          <span>{t('social.clientId')}</span>
          <input
            name="clientId"
            autoComplete="off"
            spellCheck={false}
            required
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('social.clientSecret')}</span>
          <input
            name="clientSecret"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            required={!stored?.hasClientSecret}
            aria-describedby={`${id}-secret`}
            value={clientSecret}
            onChange={(e) => setClientSecret(e.target.value)}
          />
          <small id={`${id}-secret`} data-testid="secret-state">
            {stored?.hasClientSecret ? t('social.secretSet') : t('social.secretNotSet')}
          </small>
        </label>
        <details className="advanced">
          <summary>{t('social.advanced')}</summary>
          {ENDPOINTS.map((key) => (
            <label key={key} className="field">
              <span>{t(endpointLabel[key])}</span>
              <input
                name={key}
                type="url"
                inputMode="url"
                spellCheck={false}
                value={endpoints[key]}
                onChange={(e) => setEndpoints({ ...endpoints, [key]: e.target.value })}
              />
            </label>
          ))}
          <label className="field">
            <span>{t('social.scopes')}</span>
            <input name="scopes" spellCheck={false} value={scopes} onChange={(e) => setScopes(e.target.value)} />
          </label>
        </details>
        <FormStatus
          error={invalid ?? save.error ?? remove.error}
          success={save.done ? t('project.saved') : removed ? t('social.removed') : null}
        />
        <div className="actions">
          <button type="submit" className="button primary" disabled={save.pending}>
            {save.pending ? t('project.saving') : stored ? t('social.replace') : t('social.set')}
          </button>
          {stored ? (
            <button type="button" className="button danger" onClick={removeCredentials} disabled={remove.pending}>
              {t('social.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </details>
  )
}
