import type { ThemeMode, ThemeVariables } from '../options/options.ts'
import type { Store } from '../store/createStore.ts'

/** The modal's default palette per mode; a site overrides any of them with `themeVariables`. */
const palettes: Record<'dark' | 'light', Record<string, string>> = {
  light: {
    '--foyer-accent': '#3b5bdb',
    '--foyer-accent-contrast': '#ffffff',
    '--foyer-background': '#ffffff',
    '--foyer-surface': '#f1f3f5',
    '--foyer-surface-hover': '#e5e8eb',
    '--foyer-foreground': '#15171a',
    '--foyer-muted': '#5c636b',
    '--foyer-border': '#dde1e5',
    '--foyer-overlay': 'rgba(10, 12, 15, 0.45)',
    '--foyer-error': '#c92a2a',
    '--foyer-success': '#2b8a3e',
    '--foyer-focus': '#3b5bdb',
  },
  dark: {
    '--foyer-accent': '#748ffc',
    '--foyer-accent-contrast': '#0b0d10',
    '--foyer-background': '#16181c',
    '--foyer-surface': '#22252b',
    '--foyer-surface-hover': '#2c3038',
    '--foyer-foreground': '#f1f3f5',
    '--foyer-muted': '#a6adb5',
    '--foyer-border': '#343a40',
    '--foyer-overlay': 'rgba(0, 0, 0, 0.6)',
    '--foyer-error': '#ff8787',
    '--foyer-success': '#8ce99a',
    '--foyer-focus': '#91a7ff',
  },
}

const shared: Record<string, string> = {
  '--foyer-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  '--foyer-radius': '16px',
  '--foyer-z-index': '2147483000',
}

export function resolveThemeMode(mode: ThemeMode, prefersDark: boolean): 'dark' | 'light' {
  return mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode
}

/** The CSS variables for a mode, with the site's overrides last. */
export function themeCssVariables(mode: 'dark' | 'light', overrides: ThemeVariables): Record<string, string> {
  const result: Record<string, string> = { ...shared, ...palettes[mode] }
  for (const [name, value] of Object.entries(overrides)) {
    if (name.startsWith('--foyer-') && typeof value === 'string') result[name] = value
  }
  return result
}

type ThemeState = { themeMode: ThemeMode; themeVariables: ThemeVariables }

/** Changes the modal's theme mode and variables in the store (variables merge over the ones set before). */
export function createThemeController(store: Store<{ theme: ThemeState }>) {
  return {
    setThemeMode(themeMode: ThemeMode) {
      store.setState((s) => ({ theme: { ...s.theme, themeMode } }))
    },
    setThemeVariables(themeVariables: ThemeVariables) {
      store.setState((s) => ({
        theme: { ...s.theme, themeVariables: { ...s.theme.themeVariables, ...themeVariables } },
      }))
    },
  }
}
