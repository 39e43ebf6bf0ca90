import { floorDecimalString, shortenAddress } from '@foyer/core'
import { Avatar } from '../components/Avatar.tsx'
import { useFoyer } from '../hooks/useFoyer.ts'
import { useFoyerAccount } from '../hooks/useFoyerAccount.ts'
import { useResolvedTheme } from '../hooks/useResolvedTheme.ts'
import { preloadModal } from '../modal/loaders.ts'
import { useButtonStyle } from './buttonStyles.ts'

export type AccountButtonProps = {
  /** Hide the native balance (it shows by default). */
  balance?: 'show' | 'hide'
  className?: string
}

/** The connected account: balance (floored to 3 decimals) and profile name or short address; opens Account. Renders nothing when disconnected. */
export function AccountButton({ balance = 'show', className }: AccountButtonProps) {
  useButtonStyle()
  const account = useFoyerAccount()
  const { open } = useFoyer()
  const { mode, style } = useResolvedTheme()
  if (!account.isConnected || !account.address) return null
  const name = account.profileName || shortenAddress(account.address)
  const amount =
    balance === 'show' && account.balance !== undefined
      ? `${floorDecimalString(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
      : undefined
  return (
    <button
      type="button"
      data-testid="account-button"
      className={className ? `foyer-button ${className}` : 'foyer-button'}
      data-variant="account"
      data-theme={mode}
      style={style}
      aria-haspopup="dialog"
      onPointerEnter={() => preloadModal('Account')}
      onFocus={() => preloadModal('Account')}
      onClick={() => open({ view: 'Account' })}
    >
      <Avatar address={account.address} image={account.profileImage} size={24} />
      {amount && <span className="foyer-button-muted">{amount}</span>}
      <span>{name}</span>
    </button>
  )
}
