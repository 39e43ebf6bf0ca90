import { useFoyerStore } from '../hooks/useFoyerStore.ts'
import { AccountButton, type AccountButtonProps } from './AccountButton.tsx'
import { ConnectButton } from './ConnectButton.tsx'

export type FoyerButtonProps = {
  /** Replaces the "Connect Wallet" text. */
  label?: string
  balance?: AccountButtonProps['balance']
  className?: string
}

/** One button for both states: Connect Wallet when disconnected, the account once connected. */
export function FoyerButton({ label, balance, className }: FoyerButtonProps) {
  const connected = useFoyerStore((s) => s.account.status === 'connected')
  return connected ? (
    <AccountButton balance={balance} className={className} />
  ) : (
    <ConnectButton label={label} className={className} />
  )
}
