import { useFoyer } from '../hooks/useFoyer.ts'
import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { useResolvedTheme } from '../hooks/useResolvedTheme.ts'
import { preloadModal } from '../modal/loaders.ts'
import { useButtonStyle } from './buttonStyles.ts'

export type NetworkButtonProps = { className?: string }

/** The current network's name, or "Wrong network" when the wallet is on one the site does not support; opens Networks. */
export function NetworkButton({ className }: NetworkButtonProps) {
  useButtonStyle()
  const client = useFoyerClient()
  const { open } = useFoyer()
  const { t } = useFoyerLocale()
  const { mode, style } = useResolvedTheme()
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const unsupported = useFoyerStore((s) => s.network.unsupported && s.account.isConnected)
  const network = client.getNetwork(selectedNetworkId)
  return (
    <button
      type="button"
      data-testid="network-button"
      className={className ? `foyer-button ${className}` : 'foyer-button'}
      data-variant={unsupported ? 'warning' : 'quiet'}
      data-theme={mode}
      style={style}
      aria-haspopup="dialog"
      onPointerEnter={() => preloadModal('Networks')}
      onFocus={() => preloadModal('Networks')}
      onClick={() => open({ view: 'Networks' })}
    >
      {!unsupported && network?.imageUrl && <img src={network.imageUrl} alt="" />}
      <span>{unsupported ? t('button.unsupportedNetwork') : (network?.name ?? t('button.network'))}</span>
    </button>
  )
}
