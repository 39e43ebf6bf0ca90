import { enHelp } from '@foyer/core/internal'
import { WalletGlyph } from '../../components/icons.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'

/** A few words on what a wallet is, for people who have none yet, and the way to Get a Wallet. */
export function WhatIsAWalletView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enHelp)
  return (
    <div className="fo-center">
      <span className="fo-wallet-image fo-wallet-placeholder" style={{ width: 72, height: 72 }} aria-hidden="true">
        <WalletGlyph size={36} />
      </span>
      <p className="fo-muted">{t('whatIsAWallet.body')}</p>
      {client.api && (
        <button type="button" className="fo-primary" onClick={() => client.navigate.push('GetWallet')}>
          {t('view.GetWallet')}
        </button>
      )}
    </div>
  )
}
