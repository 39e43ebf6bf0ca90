import { enAccount, enEmail, enSocial, getEmbeddedWallet, loginProviderName } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'

/** The row's strings: Account's, the email views' and the social part (its few Account lines travel along). */
const rowText = { ...enAccount, ...enEmail, ...enSocial }

/**
 * In Account, for an embedded wallet: who signed in ("Signed in with <Provider> as <name>" after a social sign-in),
 * the email ("Edit email"; hidden for a person without one), the devices ("Manage") and the account type (Account
 * settings, on EVM networks). Nothing for other wallets.
 */
export function EmbeddedAccountRow() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(rowText)
  const isEmbedded = useFoyerStore((s) => s.connectors.find((c) => c.id === s.account.connectorId)?.type === 'AUTH')
  const socialProvider = useFoyerStore((s) => s.account.socialProvider)
  const socialUserName = useFoyerStore((s) => s.account.socialUserName)
  const socialUserAvatar = useFoyerStore((s) => s.account.socialUserAvatar)
  const farcasterFid = useFoyerStore((s) => s.account.farcasterFid)
  const accountType = useFoyerStore((s) => s.account.preferredAccountType ?? 'eoa')
  // Smart accounts are EVM accounts: on a Solana network the account-type row has nothing to choose.
  const evm = useFoyerStore((s) => s.network.activeChain === 'eip155')
  const wallet = getEmbeddedWallet(client)
  if (!isEmbedded || !wallet) return null
  const email = wallet.getEmail()
  const provider = socialProvider ? loginProviderName(socialProvider) : undefined
  return (
    <>
      {provider && (
        <p className="fo-row" data-testid="account-signed-in-with">
          {socialUserAvatar && (
            <img className="fo-social-avatar" src={socialUserAvatar} alt="" width={24} height={24} />
          )}
          <span className="fo-row-label">
            {socialUserName
              ? t('account.signedInWith', { provider, name: socialUserName })
              : t('account.signedInWithProvider', { provider })}
          </span>
          {farcasterFid !== undefined && (
            <span className="fo-tag" data-testid="account-farcaster-fid">
              {t('account.farcasterFid', { fid: farcasterFid })}
            </span>
          )}
        </p>
      )}
      {(email || !provider) && (
        <LinkRow
          testId="account-update-email"
          label={email ?? t('account.email')}
          tag={t('account.updateEmail')}
          onClick={() => client.navigate.push('UpdateEmail')}
        />
      )}
      <LinkRow
        testId="account-devices"
        label={t('devices.row')}
        tag={t('devices.manage')}
        onClick={() => client.navigate.push('EmbeddedDevices')}
      />
      {evm && (
        <LinkRow
          testId="account-settings"
          label={t('accountType.row')}
          tag={t(`accountType.${accountType}`)}
          onClick={() => client.navigate.push('AccountSettings')}
        />
      )}
    </>
  )
}

/** A row that leads to another view: what it is, and a tag saying what is there. */
function LinkRow({ testId, label, tag, onClick }: { testId: string; label: string; tag: string; onClick(): void }) {
  return (
    <button type="button" className="fo-row" data-testid={testId} onClick={onClick}>
      <span className="fo-row-label">{label}</span>
      <span className="fo-tag">{tag}</span>
    </button>
  )
}
