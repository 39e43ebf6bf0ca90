import { useState } from 'react'
import { WalletGlyph } from './icons.tsx'

/** A wallet's icon, or a neutral tile with our wallet glyph when it has none or it fails to load. Decorative: the name is shown beside it. */
export function WalletImage({ src, size = 40 }: { src?: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  if (src && !failed) {
    return (
      <img className="fo-wallet-image" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />
    )
  }
  return (
    <span className="fo-wallet-image fo-wallet-placeholder" style={{ width: size, height: size }} aria-hidden="true">
      <WalletGlyph size={Math.round(size * 0.55)} />
    </span>
  )
}
