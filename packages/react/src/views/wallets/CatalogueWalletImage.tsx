import { WALLET_IMAGE_TIMEOUT_MS } from '@foyer/core/internal'
import { useEffect, useRef, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'

type LoadState = 'loading' | 'loaded' | 'failed'

/**
 * A catalogue wallet's image — the one component the Connect view's featured, custom and recommended rows and the
 * All Wallets tiles all use, with the server's `image_url`, so a wallet looks the same everywhere. When it has not
 * loaded within 2 s (or fails), the neutral placeholder shows instead, so a slow image server never leaves a hole
 * in the list. Decorative: the name is beside it.
 *
 * The state belongs to one `src`: a load that lands before the effect runs (an image the browser already has,
 * such as a featured wallet's opened again in All Wallets) is kept, never reset to "loading" and timed out.
 */
export function CatalogueWalletImage({ src, size = 40 }: { src?: string; size?: number }) {
  const [status, setStatus] = useState<{ src?: string; state: LoadState }>({ src, state: 'loading' })
  const state: LoadState = status.src === src ? status.state : 'loading'
  const image = useRef<HTMLImageElement>(null)
  useEffect(() => {
    if (!src) return
    const settle = (next: LoadState) =>
      setStatus((s) => (s.src === src && s.state !== 'loading' ? s : { src, state: next }))
    // Loaded before React listened (from the browser's cache, or before hydration): nothing to wait for.
    if (image.current?.complete && image.current.naturalWidth > 0) settle('loaded')
    const timer = setTimeout(() => settle('failed'), WALLET_IMAGE_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [src])
  if (!src || state === 'failed') return <WalletImage size={size} />
  return (
    <span
      className="fo-wallet-image fo-wallet-placeholder"
      style={{ width: size, height: size, position: 'relative', overflow: 'hidden' }}
    >
      <img
        ref={image}
        src={src}
        alt=""
        width={size}
        height={size}
        data-state={state}
        style={{ opacity: state === 'loaded' ? 1 : 0, position: 'absolute', inset: 0 }}
        onLoad={() => setStatus({ src, state: 'loaded' })}
        onError={() => setStatus({ src, state: 'failed' })}
      />
    </span>
  )
}
