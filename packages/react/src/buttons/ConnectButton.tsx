import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { AccountButton } from './AccountButton.tsx'
import { useModalButton } from './useModalButton.ts'

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
  const button = useModalButton('Connect', className)
  const { t } = useFoyerLocale()
  return (
    <button {...button} data-testid="connect-button" aria-busy={connecting}>
      {connecting ? t('button.connecting') : (label ?? t('button.connect'))}
    </button>
  )
}
