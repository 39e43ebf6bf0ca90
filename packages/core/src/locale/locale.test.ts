import { describe, expect, it } from 'vitest'
import { en } from './en.ts'
import { enAccount } from './enAccount.ts'
import { enActivity } from './enActivity.ts'
import { enBuy } from './enBuy.ts'
import { enConnecting } from './enConnecting.ts'
import { enEmail } from './enEmail.ts'
import { enFrame } from './enFrame.ts'
import { enHelp } from './enHelp.ts'
import { enLegal } from './enLegal.ts'
import { enNames } from './enNames.ts'
import { enSiwe } from './enSiwe.ts'
import { enSocial } from './enSocial.ts'
import { enTransfer } from './enTransfer.ts'
import { enWalletConnect } from './enWalletConnect.ts'
import { enWallets } from './enWallets.ts'
import { es } from './es.ts'
import { loadCatalogue } from './loadCatalogue.ts'
import { createTranslate, isBaseMessageKey } from './locale.ts'

const parts = {
  en,
  enAccount,
  enActivity,
  enBuy,
  enConnecting,
  enEmail,
  enFrame,
  enHelp,
  enLegal,
  enNames,
  enSiwe,
  enSocial,
  enTransfer,
  enWalletConnect,
  enWallets,
}
const english: Record<string, string> = Object.assign({}, ...Object.values(parts))

describe('locale catalogue', () => {
  it('gives every key to exactly one English part', () => {
    const keys = Object.values(parts).flatMap((part) => Object.keys(part))
    expect(keys.length).toBe(new Set(keys).size)
  })
  it('has every English key in Spanish, and nothing else', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(english).sort())
    for (const [key, value] of Object.entries(es)) expect(value, key).not.toBe('')
  })
  it('keeps placeholders in translations', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
    for (const [key, value] of Object.entries(english))
      expect(placeholders(es[key as keyof typeof es]), key).toEqual(placeholders(value))
  })
  it('fills placeholders and loads Spanish on demand', async () => {
    const t = createTranslate(en)
    expect(t('error.emailRateLimited', { seconds: 12 })).toBe('Please try again after 12 seconds')
    const tEs = createTranslate(await loadCatalogue('es'))
    expect(tEs('modal.close')).toBe('Cerrar')
  })
  it("takes a feature's English from the part it is given; the locale's catalogue comes first", async () => {
    expect(createTranslate(en, enAccount)('account.disconnect')).toBe('Disconnect')
    expect(createTranslate(en, enAccount)('modal.close')).toBe('Close')
    expect(createTranslate(await loadCatalogue('es'), enAccount)('account.disconnect')).toBe('Desconectar')
    // Without its part, a feature key has no English: it shows as itself (the types do not allow this call).
    expect(createTranslate(en)('account.disconnect' as never)).toBe('account.disconnect')
  })
  it('knows which keys are in the base', () => {
    expect(isBaseMessageKey('error.userRejected')).toBe(true)
    expect(isBaseMessageKey('swap.review')).toBe(false)
  })
})
