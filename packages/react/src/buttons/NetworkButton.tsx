import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { useModalButton } from './useModalButton.ts'

export type NetworkButtonProps = { className?: string }

/** The current network's name, or "Wrong network" when the wallet is on one the site does not support; opens Networks. */
export function NetworkButton({ className }: NetworkButtonProps) {
  const button = useModalButton('Networks', className)
  const client = useFoyerClient()
  const { t } = useFoyerLocale()
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const unsupported = useFoyerStore((s) => s.network.unsupported && s.account.isConnected)
  const network = client.getNetwork(selectedNetworkId)
  return (
    <button {...button} data-testid="network-button" data-variant={unsupported ? 'warning' : 'quiet'}>
      {!unsupported && network?.imageUrl && <img src={network.imageUrl} alt="" />}
      <span>{unsupported ? t('button.unsupportedNetwork') : (network?.name ?? t('button.network'))}</span>
    </button>
  )
}
