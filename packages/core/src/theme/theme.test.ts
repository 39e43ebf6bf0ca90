import { describe, expect, it } from 'vitest'
import { resolveThemeMode, themeCssVariables } from './theme.ts'

describe('theme', () => {
  it('resolves system mode from the preference', () => {
    expect(resolveThemeMode('system', true)).toBe('dark')
    expect(resolveThemeMode('system', false)).toBe('light')
    expect(resolveThemeMode('light', true)).toBe('light')
  })
  it('applies overrides and ignores names outside --foyer-', () => {
    const vars = themeCssVariables('dark', { '--foyer-accent': 'red', ['color' as '--foyer-x']: 'blue' })
    expect(vars['--foyer-accent']).toBe('red')
    expect(vars.color).toBeUndefined()
    expect(vars['--foyer-background']).toBeDefined()
  })
})
