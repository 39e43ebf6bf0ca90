import { enAccount } from '@foyer/core/internal'
import { DisconnectButton } from '../../components/DisconnectButton.tsx'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { NetworkList } from './NetworkList.tsx'

/** The wallet is on a network the site does not support: switch to one it does (core then closes), or disconnect. */
export function UnsupportedChainView() {
  const { t } = useFoyerLocale(enAccount)
  return (
    <div className="fo-stack">
      <p className="fo-muted">{t('unsupported.message')}</p>
      <NetworkList />
      <DisconnectButton label="unsupported.disconnect" />
    </div>
  )
}
