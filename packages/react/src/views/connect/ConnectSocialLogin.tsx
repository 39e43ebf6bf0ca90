import { enSocial, offeredSocials, socialWalletOf } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useProjectFeatures } from '../../hooks/useProjectFeatures.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { SocialIconButton, SocialRow } from '../social/SocialButtons.tsx'
import { socialCss } from '../social/socialStyles.ts'

/** How many providers show as icons under the first one; more go behind "All socials". */
const ICON_BUTTONS = 4

/**
 * Connect's social sign-in: the first provider offered (the site's list, within the project's) as a full-width row,
 * the next ones as icon buttons, and "All socials" when there are more. A chunk of its own, fetched on sites that
 * list socials only: Connect is fetched before any click.
 */
export function ConnectSocialLogin() {
  useStyle('foyer-social-style', socialCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enSocial)
  const providers = offeredSocials(client.options, useProjectFeatures())
  if (!providers.length || !socialWalletOf(client)) return null
  const [first, ...rest] = providers
  const icons = rest.slice(0, ICON_BUTTONS)
  const more = rest.length > ICON_BUTTONS
  return (
    <nav className="fo-social" aria-label={t('social.listLabel')} data-testid="social-login">
      <SocialRow provider={first!} />
      {(icons.length > 0 || more) && (
        <div className="fo-social-icons">
          {icons.map((provider) => (
            <SocialIconButton key={provider} provider={provider} />
          ))}
          {more && (
            <button
              type="button"
              className="fo-social-icon"
              data-testid="all-socials"
              onClick={() => client.navigate.push('ConnectSocials')}
            >
              {t('social.allSocials')}
            </button>
          )}
        </div>
      )}
    </nav>
  )
}
