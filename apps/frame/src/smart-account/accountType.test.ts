import { describe, expect, it } from 'vitest'
import { accountTypes } from './accountType.ts'

const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  }
}

describe('accountTypes', () => {
  it('the person’s choice wins over the site’s default, per user and per project', () => {
    const storage = memoryStorage()
    const shop = accountTypes('shop', storage)
    expect(shop.preferred('u1')).toBe('eoa')
    shop.setSiteDefault('smartAccount')
    expect(shop.preferred('u1')).toBe('smartAccount')
    shop.setPreferred('u1', 'eoa')
    expect(shop.preferred('u1')).toBe('eoa')
    expect(shop.preferred('u2')).toBe('smartAccount')
    // Another project's frame reads none of it.
    expect(accountTypes('blog', storage).preferred('u1')).toBe('eoa')
    expect([...storage.items.keys()]).toEqual(['foyer.frame[shop].accountType.u1'])
  })

  it('ignores a stored value it does not know', () => {
    const storage = memoryStorage()
    storage.setItem('foyer.frame[shop].accountType.u1', 'multisig')
    expect(accountTypes('shop', storage).preferred('u1')).toBe('eoa')
  })
})
