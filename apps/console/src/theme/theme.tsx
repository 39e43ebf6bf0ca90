/**
 * The console wears the modal's palette: the same `--foyer-*` CSS variables (from @foyer/core's theme), light or
 * dark from the system unless the operator picks one, kept in localStorage.
 */
import { resolveThemeMode, themeCssVariables } from '@foyer/core/internal'
import { useEffect, useState } from 'react'

export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
const STORAGE_KEY = 'foyer-console-theme'

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    if ((THEME_CHOICES as readonly string[]).includes(value ?? '')) return value as ThemeChoice
  } catch {}
  return 'system'
}

/** Applies the palette to <html> and follows the system's preference while the choice is `system`. */
export function useConsoleTheme(): { choice: ThemeChoice; setChoice(choice: ThemeChoice): void } {
  const [choice, setChoiceState] = useState<ThemeChoice>(storedChoice)
  useEffect(() => {
    const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined
    const apply = () => {
      const mode = resolveThemeMode(choice, query?.matches ?? false)
      const root = document.documentElement
      for (const [name, value] of Object.entries(themeCssVariables(mode, {}))) root.style.setProperty(name, value)
      root.dataset.theme = mode
      root.style.colorScheme = mode
    }
    apply()
    query?.addEventListener('change', apply)
    return () => query?.removeEventListener('change', apply)
  }, [choice])
  return {
    choice,
    setChoice(next) {
      setChoiceState(next)
      try {
        localStorage.setItem(STORAGE_KEY, next)
      } catch {}
    },
  }
}
