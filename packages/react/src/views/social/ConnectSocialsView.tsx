import { enSocial, offeredSocials } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useProjectFeatures } from '../../hooks/useProjectFeatures.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { SocialRow } from './SocialButtons.tsx'
import { socialCss } from './socialStyles.ts'

/** Every provider offered, one row each ("All socials" in Connect). */
export function ConnectSocialsView() {
  useStyle('foyer-social-style', socialCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enSocial)
  const providers = offeredSocials(client.options, useProjectFeatures())
  return (
    <ul className="fo-list" aria-label={t('social.listLabel')}>
      {providers.map((provider) => (
        <li key={provider}>
          <SocialRow provider={provider} />
        </li>
      ))}
    </ul>
  )
}
