import { enAccount, getEmbeddedWallet } from '@foyer/core'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'

/** In Account, for an email wallet: the email and "Edit email". Renders nothing for other wallets. */
export function EmbeddedAccountRow() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enAccount)
  const isEmbedded = useFoyerStore((s) => s.connectors.find((c) => c.id === s.account.connectorId)?.type === 'AUTH')
  const wallet = getEmbeddedWallet(client)
  if (!isEmbedded || !wallet) return null
  return (
    <button type="button" className="fo-row" data-testid="account-update-email" onClick={() => client.navigate.push('UpdateEmail')}>
      <span className="fo-row-label">{wallet.getEmail() ?? t('account.email')}</span>
      <span className="fo-tag">{t('account.updateEmail')}</span>
    </button>
  )
}
