import type { CaipNetwork } from '@foyer/core'

/** A network's image, or its initial on a neutral disc. Decorative: the name is shown beside it. */
export function NetworkMark({ network }: { network?: CaipNetwork }) {
  return (
    <span className="fo-network-mark" aria-hidden="true">
      {network?.imageUrl ? <img src={network.imageUrl} alt="" /> : (network?.name.charAt(0).toUpperCase() ?? '?')}
    </span>
  )
}
