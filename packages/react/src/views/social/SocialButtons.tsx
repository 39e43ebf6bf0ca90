import { enSocial, loginProviderName } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { SocialMark } from './SocialMark.tsx'
import { openPopupFor } from './socialPopup.ts'

/** Starts a sign-in: Farcaster shows its QR code; an OAuth provider's popup opens now, inside the click. */
export function useStartSocial() {
  const client = useFoyerClient()
  return (provider: string) => {
    if (provider === 'farcaster') return client.navigate.push('ConnectingFarcaster', { socialProvider: provider })
    openPopupFor(client)
    client.navigate.push('ConnectingSocial', { socialProvider: provider })
  }
}

/** A full-width row: the provider's mark and "Continue with <Provider>". */
export function SocialRow({ provider }: { provider: string }) {
  const { t } = useFoyerLocale(enSocial)
  const start = useStartSocial()
  const name = loginProviderName(provider)
  return (
    <button type="button" className="fo-row" data-testid={`social-${provider}`} onClick={() => start(provider)}>
      <SocialMark provider={provider} />
      <span className="fo-row-label">{t('social.continueWith', { provider: name })}</span>
    </button>
  )
}

/** An icon button; its accessible name is "Continue with <Provider>". */
export function SocialIconButton({ provider }: { provider: string }) {
  const { t } = useFoyerLocale(enSocial)
  const start = useStartSocial()
  const label = t('social.continueWith', { provider: loginProviderName(provider) })
  return (
    <button
      type="button"
      className="fo-social-icon"
      data-testid={`social-${provider}`}
      aria-label={label}
      title={label}
      onClick={() => start(provider)}
    >
      <SocialMark provider={provider} />
    </button>
  )
}
