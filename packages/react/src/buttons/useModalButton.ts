import type { ViewName } from '@foyer/core'
import { useFoyer } from '../hooks/useFoyer.ts'
import { useResolvedTheme } from '../hooks/useResolvedTheme.ts'
import { preloadModal } from '../modal/loaders.ts'
import { useButtonStyle } from './buttonStyles.ts'

/**
 * What the page's buttons share: their style and theme, and opening the modal on `view` (its chunks start loading
 * on hover or focus). Spread on the `<button>`.
 */
export function useModalButton(view: ViewName, className: string | undefined) {
  useButtonStyle()
  const { open } = useFoyer()
  const { mode, style } = useResolvedTheme()
  const preload = () => preloadModal(view)
  return {
    type: 'button',
    className: className ? `foyer-button ${className}` : 'foyer-button',
    'data-theme': mode,
    style,
    'aria-haspopup': 'dialog',
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => open({ view }),
  } as const
}
