import type { CaipNetwork } from '@foyer/core'
import { useStyle } from '../hooks/useStyle.ts'
import { accountCss } from '../views/account/accountStyles.ts'

/** A network's image, or its initial on a neutral disc. Decorative: the name is shown beside it. */
export function NetworkMark({ network }: { network?: CaipNetwork }) {
  useStyle('foyer-account-style', accountCss)
  return (
    <span className="fo-network-mark" aria-hidden="true">
      {network?.imageUrl ? <img src={network.imageUrl} alt="" /> : (network?.name.charAt(0).toUpperCase() ?? '?')}
    </span>
  )
}
