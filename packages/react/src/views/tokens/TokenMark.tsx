import { useStyle } from '../../hooks/useStyle.ts'
import { accountCss } from '../account/accountStyles.ts'

/** A token's icon, or a lettered mark when it has none (no image is fetched from anywhere else). */
export function TokenMark({ symbol, iconUrl }: { symbol: string; iconUrl?: string | null }) {
  useStyle('foyer-account-style', accountCss)
  return (
    <span className="fo-token-mark" aria-hidden="true">
      {iconUrl ? <img src={iconUrl} alt="" width={32} height={32} /> : symbol.slice(0, 3)}
    </span>
  )
}
