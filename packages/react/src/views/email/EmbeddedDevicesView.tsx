import { enEmail, manageEmbeddedDevices } from '@foyer/core'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { FrameHost } from './FrameHost.tsx'
import { useFrameFlow } from './useFrameFlow.ts'

/**
 * The email wallet's devices: the frame lists them (this one marked), revokes any, signs out everywhere. This
 * view only hosts it; revoking this device or signing out everywhere disconnects here and closes the modal.
 */
export function EmbeddedDevicesView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const flow = useFrameFlow(
    (signal) => manageEmbeddedDevices(client, { signal }),
    ({ signedOut }) => {
      if (signedOut) client.close()
      else client.navigate.goBack()
    },
    t,
  )

  return (
    <div className="fo-stack fo-email-view">
      {flow.error ? (
        <>
          <p className="fo-error" role="alert" data-testid="email-error">
            {flow.error}
          </p>
          <button type="button" className="fo-primary" data-testid="devices-retry" onClick={flow.retry}>
            {t('otp.tryAgain')}
          </button>
        </>
      ) : (
        <FrameHost />
      )}
    </div>
  )
}
