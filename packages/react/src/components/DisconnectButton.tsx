import { enAccount } from '@foyer/core/internal'
import { useState } from 'react'
import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useStyle } from '../hooks/useStyle.ts'
import { accountCss } from '../views/account/accountStyles.ts'
import { PowerIcon } from './accountIcons.tsx'
import { Spinner } from './Spinner.tsx'

/** Disconnects the wallet; core closes the modal, or shows "Failed to disconnect" in the snackbar. */
export function DisconnectButton({
  label = 'account.disconnect',
}: {
  label?: 'account.disconnect' | 'unsupported.disconnect'
}) {
  useStyle('foyer-account-style', accountCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enAccount)
  const [pending, setPending] = useState(false)
  return (
    <button
      type="button"
      className="fo-row"
      data-testid="disconnect-button"
      aria-disabled={pending || undefined}
      onClick={() => {
        if (pending) return
        setPending(true)
        client
          .disconnect()
          .catch(() => {}) // core has shown the failure in the snackbar
          .finally(() => setPending(false))
      }}
    >
      <span className="fo-network-mark">{pending ? <Spinner /> : <PowerIcon size={18} />}</span>
      <span className="fo-row-label">{t(label)}</span>
    </button>
  )
}
