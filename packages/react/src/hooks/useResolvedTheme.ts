import { resolveThemeMode, themeCssVariables } from '@foyer/core/internal'
import { type CSSProperties, useMemo, useSyncExternalStore } from 'react'
import { useFoyerStore } from './useFoyerStore.ts'

const darkQuery = '(prefers-color-scheme: dark)'

function subscribePrefersDark(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {}
  const media = window.matchMedia(darkQuery)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}
const prefersDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(darkQuery).matches
// The server renders light; hydration then follows the visitor's preference without a mismatch.
const serverPrefersDark = () => false

/** The resolved `dark | light` mode (`system` follows prefers-color-scheme live) and its CSS variables as a style. */
export function useResolvedTheme(): { mode: 'dark' | 'light'; style: CSSProperties } {
  const theme = useFoyerStore((s) => s.theme)
  const dark = useSyncExternalStore(subscribePrefersDark, prefersDark, serverPrefersDark)
  const mode = resolveThemeMode(theme.themeMode, dark)
  const style = useMemo(
    () => themeCssVariables(mode, theme.themeVariables) as CSSProperties,
    [mode, theme.themeVariables],
  )
  return { mode, style }
}
