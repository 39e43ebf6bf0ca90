import { enNames } from '@foyer/core/internal'
import { Avatar } from '../../components/Avatar.tsx'
import { useFoyerAccount } from '../../hooks/useFoyerAccount.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { namesCss } from './namesStyles.ts'
import { useNameRegistration } from './useNameRegistration.ts'

/** The name just registered, and the way back to Account (which now shows it). */
export function RegisterAccountNameSuccessView() {
  useStyle('foyer-names-style', namesCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enNames)
  const { address } = useFoyerAccount()
  const { state } = useNameRegistration()
  const name = state.registered?.name
  return (
    <div className="fo-stack" data-testid="name-success">
      <div className="fo-center">
        <Avatar address={address ?? name ?? ''} image={state.registered?.avatar} size={72} />
        {name && (
          <p className="fo-name-title" data-testid="name-success-name">
            {name}
          </p>
        )}
        {name && <p className="fo-muted">{t('names.success', { name })}</p>}
      </div>
      <button
        type="button"
        className="fo-primary"
        data-testid="name-success-done"
        onClick={() => client.navigate.reset('Account')}
      >
        {t('names.backToAccount')}
      </button>
    </div>
  )
}
