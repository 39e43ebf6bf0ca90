import { useFoyer } from '../hooks/useFoyer.ts'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { useResolvedTheme } from '../hooks/useResolvedTheme.ts'
import { preloadModal } from '../modal/loaders.ts'
import { AccountButton } from './AccountButton.tsx'
import { useButtonStyle } from './buttonStyles.ts'

export type ConnectButtonProps = {
  /** Replaces the "Connect Wallet" text. */
  label?: string
  className?: string
}

/** Opens Connect; shows "Connecting…" while a wallet connects, and the AccountButton once connected. */
export function ConnectButton({ label, className }: ConnectButtonProps) {
  const status = useFoyerStore((s) => s.account.status)
  if (status === 'connected') return <AccountButton className={className} />
  return (
    <ConnectButtonIdle
      label={label}
      className={className}
      connecting={status === 'connecting' || status === 'reconnecting'}
    />
  )
}

function ConnectButtonIdle({ label, className, connecting }: ConnectButtonProps & { connecting: boolean }) {
  useButtonStyle()
  const { open } = useFoyer()
  const { t } = useFoyerLocale()
  const { mode, style } = useResolvedTheme()
  return (
    <button
      type="button"
      data-testid="connect-button"
      className={className ? `foyer-button ${className}` : 'foyer-button'}
      data-theme={mode}
      style={style}
      aria-haspopup="dialog"
      aria-busy={connecting}
      onPointerEnter={() => preloadModal('Connect')}
      onFocus={() => preloadModal('Connect')}
      onClick={() => open({ view: 'Connect' })}
    >
      {connecting ? t('button.connecting') : (label ?? t('button.connect'))}
    </button>
  )
}
