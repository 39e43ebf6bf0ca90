import { useState } from 'react'
import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useStyle } from '../hooks/useStyle.ts'
import { accountCss } from '../views/account/accountStyles.ts'
import { serverImageUrl } from './serverImage.ts'

/**
 * A token's mark, the same in Account, swap and send: its image from the site's Foyer server (`iconUrl`/`logoUri`,
 * see serverImageUrl), else — or when it fails to load — its first letters. Decorative. `small` is the 28 px mark
 * of the transfer views (styled by their `.fo-token-mark-small`).
 */
export function TokenMark({ symbol, iconUrl, small }: { symbol?: string; iconUrl?: string | null; small?: boolean }) {
  useStyle('foyer-account-style', accountCss)
  const src = serverImageUrl(useFoyerClient().api, iconUrl)
  const [failed, setFailed] = useState<string>()
  const size = small ? 28 : 32
  return (
    // Without an image the letters come from CSS (attr), so the mark adds nothing to a button's text.
    <span
      className={small ? 'fo-token-mark fo-token-mark-small' : 'fo-token-mark'}
      aria-hidden="true"
      data-mark={src && failed !== src ? undefined : (symbol ?? '?').slice(0, 3)}
    >
      {src && failed !== src && <img src={src} alt="" width={size} height={size} onError={() => setFailed(src)} />}
    </span>
  )
}
