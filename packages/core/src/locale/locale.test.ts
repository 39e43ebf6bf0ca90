import { describe, expect, it } from 'vitest'
import { en } from './en.ts'
import { es } from './es.ts'
import { createTranslate, loadCatalogue } from './locale.ts'

describe('locale catalogue', () => {
  it('has every English key in Spanish, and nothing else', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    for (const [key, value] of Object.entries(es)) expect(value, key).not.toBe('')
  })
  it('keeps placeholders in translations', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]))
    }
  })
  it('fills placeholders and loads Spanish on demand', async () => {
    const t = createTranslate(en)
    expect(t('error.emailRateLimited', { seconds: 12 })).toBe('Please try again after 12 seconds')
    const tEs = createTranslate(await loadCatalogue('es'))
    expect(tEs('account.disconnect')).toBe('Desconectar')
  })
})
