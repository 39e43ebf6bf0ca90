import { WALLET_IMAGE_TIMEOUT_MS } from '@foyer/core'
import { useEffect, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'

/**
 * A catalogue wallet's image. When it has not loaded within 2 s (or fails), the neutral placeholder shows
 * instead, so a slow image server never leaves a hole in the list. Decorative: the name is beside it.
 */
export function CatalogueWalletImage({ src, size = 40 }: { src?: string; size?: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  useEffect(() => {
    setState('loading')
    if (!src) return
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), WALLET_IMAGE_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [src])
  if (!src || state === 'failed') return <WalletImage size={size} />
  return (
    <span
      className="fo-wallet-image fo-wallet-placeholder"
      style={{ width: size, height: size, position: 'relative', overflow: 'hidden' }}
    >
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        data-state={state}
        style={{ opacity: state === 'loaded' ? 1 : 0, position: 'absolute', inset: 0 }}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </span>
  )
}
