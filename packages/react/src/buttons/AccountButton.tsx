import { floorDecimalString, shortenAddress } from '@foyer/core/internal'
import { Avatar } from '../components/Avatar.tsx'
import { useFoyerAccount } from '../hooks/useFoyerAccount.ts'
import { useModalButton } from './useModalButton.ts'

export type AccountButtonProps = {
  /** Hide the native balance (it shows by default). */
  balance?: 'show' | 'hide'
  className?: string
}

/** The connected account: balance (floored to 3 decimals) and profile name or short address; opens Account. Renders nothing when disconnected. */
export function AccountButton({ balance = 'show', className }: AccountButtonProps) {
  const button = useModalButton('Account', className)
  const account = useFoyerAccount()
  if (!account.isConnected || !account.address) return null
  const name = account.profileName || shortenAddress(account.address)
  const amount =
    balance === 'show' && account.balance !== undefined
      ? `${floorDecimalString(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
      : undefined
  return (
    <button {...button} data-testid="account-button" data-variant="account">
      <Avatar address={account.address} image={account.profileImage} size={24} />
      {amount && <span className="foyer-button-muted">{amount}</span>}
      <span>{name}</span>
    </button>
  )
}
