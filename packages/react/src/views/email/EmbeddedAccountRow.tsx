import { enAccount, enEmail, getEmbeddedWallet } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'

/** The row's strings: Account's and the email views' parts. */
const rowText = { ...enAccount, ...enEmail }

/** In Account, for an email wallet: the email ("Edit email") and the devices ("Manage"). Nothing for other wallets. */
export function EmbeddedAccountRow() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(rowText)
  const isEmbedded = useFoyerStore((s) => s.connectors.find((c) => c.id === s.account.connectorId)?.type === 'AUTH')
  const wallet = getEmbeddedWallet(client)
  if (!isEmbedded || !wallet) return null
  return (
    <>
      <button
        type="button"
        className="fo-row"
        data-testid="account-update-email"
        onClick={() => client.navigate.push('UpdateEmail')}
      >
        <span className="fo-row-label">{wallet.getEmail() ?? t('account.email')}</span>
        <span className="fo-tag">{t('account.updateEmail')}</span>
      </button>
      <button
        type="button"
        className="fo-row"
        data-testid="account-devices"
        onClick={() => client.navigate.push('EmbeddedDevices')}
      >
        <span className="fo-row-label">{t('devices.row')}</span>
        <span className="fo-tag">{t('devices.manage')}</span>
      </button>
    </>
  )
}
