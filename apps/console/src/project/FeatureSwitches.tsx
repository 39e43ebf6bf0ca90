import { BOOLEAN_FEATURES, type BooleanFeature, LOGIN_PROVIDERS, type ServerFeatures } from '@foyer/core/protocol'
import { useId } from 'react'
import type { ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { Switch } from '../app/Switch.tsx'
import { useAction } from '../app/useAction.ts'
import type { ConsoleMessageKey } from '../locale/en.ts'
import { useLocale } from '../locale/locale.tsx'

const FEATURE_LABELS: Record<BooleanFeature, ConsoleMessageKey> = {
  swaps: 'feature.swaps',
  onramp: 'feature.onramp',
  analytics: 'feature.analytics',
  names: 'feature.names',
  history: 'feature.history',
  email: 'feature.email',
}

export const providerLabel = (provider: string): ConsoleMessageKey => `provider.${provider}` as ConsoleMessageKey

/** Every switch of the project, each saved as it is flipped (one PATCH with that switch only). */
export function FeatureSwitches({
  project,
  onSaved,
}: {
  project: ConsoleProject
  onSaved(project: ConsoleProject): void
}) {
  const { t } = useLocale()
  const { api } = useConsole()
  const id = useId()
  const save = useAction(api.updateProject)
  const features = project.features

  const patch = async (change: Partial<ServerFeatures>) => {
    const updated = await save.run(project.id, { features: change })
    if (updated) onSaved(updated)
  }
  const toggleSocial = (provider: string, on: boolean) =>
    patch({
      socials: on
        ? LOGIN_PROVIDERS.filter((p) => p === provider || features.socials.includes(p))
        : features.socials.filter((p) => p !== provider),
    })

  return (
    <section className="card form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('features.title')}</h2>
      <p className="muted">{t('features.about')}</p>
      <fieldset disabled={save.pending}>
        <legend>{t('features.switches')}</legend>
        {BOOLEAN_FEATURES.map((feature) => (
          <Switch key={feature} name={feature} checked={features[feature]} onChange={(on) => patch({ [feature]: on })}>
            {t(FEATURE_LABELS[feature])}
          </Switch>
        ))}
      </fieldset>
      <fieldset disabled={save.pending}>
        <legend>{t('features.socials')}</legend>
        <p className="muted">{t('features.socialsAbout')}</p>
        {LOGIN_PROVIDERS.map((provider) => (
          <Switch
            key={provider}
            name={`social-${provider}`}
            checked={features.socials.includes(provider)}
            onChange={(on) => toggleSocial(provider, on)}
          >
            {t(providerLabel(provider))}
          </Switch>
        ))}
      </fieldset>
      <FormStatus error={save.error} success={save.done ? t('project.saved') : null} />
    </section>
  )
}
