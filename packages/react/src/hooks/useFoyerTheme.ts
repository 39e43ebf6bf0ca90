import type { ThemeMode, ThemeVariables } from '@foyer/core'
import { useMemo } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'
import { useFoyerStore } from './useFoyerStore.ts'

export type UseFoyerThemeReturnType = {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  setThemeMode(mode: ThemeMode): void
  /** Merges into the current variables. */
  setThemeVariables(variables: ThemeVariables): void
}

/** The theme mode and `--foyer-*` variables, and setters for both. */
export function useFoyerTheme(): UseFoyerThemeReturnType {
  const client = useFoyerClient()
  const theme = useFoyerStore((s) => s.theme)
  return useMemo(
    () => ({
      themeMode: theme.themeMode,
      themeVariables: theme.themeVariables,
      setThemeMode: client.setThemeMode,
      setThemeVariables: client.setThemeVariables,
    }),
    [client, theme],
  )
}
