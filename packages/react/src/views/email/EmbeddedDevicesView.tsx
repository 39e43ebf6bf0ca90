import { enEmail, manageEmbeddedDevices } from '@foyer/core/internal'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { FrameFlowHost } from './FrameHost.tsx'
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

  return <FrameFlowHost flow={flow} retryTestId="devices-retry" />
}
