import { describe, expectTypeOf, it } from 'vitest'
import { en } from './en.ts'
import { enTransfer } from './enTransfer.ts'
import { type Catalogue, createTranslate, type MessageKey, type Messages, type Translate } from './locale.ts'

describe('locale keys', () => {
  it('a translate made for the base catalogue takes base keys only', () => {
    const t = createTranslate(en)
    expectTypeOf(t).toEqualTypeOf<Translate>()
    expectTypeOf(t('connect.installed')).toEqualTypeOf<string>()
    // @ts-expect-error a key that is not in the catalogue
    t('connect.noSuchKey')
    // @ts-expect-error a feature's key needs its English part
    t('swap.youPay')
  })

  it("a translate made with a feature's English part takes that part's keys too", () => {
    const t = createTranslate(en, enTransfer)
    t('swap.youPay', { symbol: 'ETH' })
    t('connect.installed')
    // @ts-expect-error parameters are strings or numbers
    t('swap.youPay', { symbol: true })
  })

  it('a catalogue must name every key and no other; partial messages only known keys', () => {
    expectTypeOf<keyof Catalogue>().toEqualTypeOf<MessageKey>()
    const some: Messages = { 'connect.installed': 'Instalada' }
    expectTypeOf(some).toMatchTypeOf<Partial<Record<MessageKey, string>>>()
    // @ts-expect-error an unknown key in a translation
    const wrong: Messages = { 'connect.installd': 'typo' }
    // @ts-expect-error a complete catalogue cannot leave keys out
    const incomplete: Catalogue = { 'connect.installed': 'x' }
    void wrong
    void incomplete
  })
})
