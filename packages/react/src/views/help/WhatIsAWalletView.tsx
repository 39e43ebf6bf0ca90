import { enWhatIsAWallet } from '@foyer/core/internal'
import { WalletGlyph } from '../../components/icons.tsx'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'

/** A few words on what a wallet is, for people who have none yet. */
export function WhatIsAWalletView() {
  const { t } = useFoyerLocale(enWhatIsAWallet)
  return (
    <div className="fo-center">
      <span className="fo-wallet-image fo-wallet-placeholder" style={{ width: 72, height: 72 }} aria-hidden="true">
        <WalletGlyph size={36} />
      </span>
      <p className="fo-muted">{t('whatIsAWallet.body')}</p>
    </div>
  )
}
