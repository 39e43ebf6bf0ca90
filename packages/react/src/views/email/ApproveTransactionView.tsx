import { enEmail, getEmbeddedWallet } from '@foyer/core'
import { useEffect, useRef } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { otpCss } from './otpStyles.ts'

/**
 * Hosts the secure frame while it asks the person something (approve a signature or a transaction, save or enter
 * a recovery code). The frame, on its own origin, shows the request and takes the decision; the site never can.
 */
export function ApproveTransactionView() {
  useStyle('foyer-otp-style', otpCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const host = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = host.current
    const wallet = getEmbeddedWallet(client)
    if (!element || !wallet) return
    return wallet.attachFrame(element)
  }, [client])

  return (
    <div ref={host} className="fo-frame-host" data-testid="embedded-frame-host" aria-label={t('approve.frameLabel')} role="region">
      <p className="fo-muted">{t('approve.loading')}</p>
    </div>
  )
}
