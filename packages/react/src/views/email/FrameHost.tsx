import { enEmail, getEmbeddedWallet } from '@foyer/core/internal'
import { useEffect, useRef } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { otpCss } from './otpStyles.ts'

/**
 * The place in a view where the secure frame is shown (it follows this box). What the frame draws there — a code
 * entry, an approval, the devices list — lives on the frame's own origin: the site's page cannot read or click it.
 */
export function FrameHost({ size = 'full' }: { size?: 'full' | 'code' }) {
  useStyle('foyer-otp-style', otpCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const host = useRef<HTMLElement>(null)

  useEffect(() => {
    const element = host.current
    const wallet = getEmbeddedWallet(client)
    if (!element || !wallet) return
    return wallet.attachFrame(element)
  }, [client])

  return (
    <section
      ref={host}
      className={size === 'code' ? 'fo-frame-host fo-frame-host-code' : 'fo-frame-host'}
      data-testid="embedded-frame-host"
      aria-label={t('approve.frameLabel')}
    >
      <p className="fo-muted">{t('approve.loading')}</p>
    </section>
  )
}

/** A view that only hosts a frame flow (`useFrameFlow`): the frame, or the flow's error with a retry button. */
export function FrameFlowHost({
  flow,
  retryTestId,
}: {
  flow: { error?: string; retry: () => void }
  retryTestId: string
}) {
  const { t } = useFoyerLocale(enEmail)
  return (
    <div className="fo-stack fo-email-view">
      {flow.error ? (
        <>
          <p className="fo-error" role="alert" data-testid="email-error">
            {flow.error}
          </p>
          <button type="button" className="fo-primary" data-testid={retryTestId} onClick={flow.retry}>
            {t('otp.tryAgain')}
          </button>
        </>
      ) : (
        <FrameHost />
      )}
    </div>
  )
}
