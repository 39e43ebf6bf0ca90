import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'
import { nameVariants } from './nameSuggestions.ts'

const load = (env: Record<string, string>) =>
  loadConfig(
    { FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data', ...env },
    { repoRoot: '/nonexistent' },
  )

describe('FOYER_NAMES_SUFFIX', () => {
  it('defaults to foyer.id, is kept lower-case, a leading dot dropped', () => {
    expect(load({}).namesSuffix).toBe('foyer.id')
    expect(load({ FOYER_NAMES_SUFFIX: 'Names.Example.ORG' }).namesSuffix).toBe('names.example.org')
    expect(load({ FOYER_NAMES_SUFFIX: '.eth' }).namesSuffix).toBe('eth')
  })

  it('refuses what is not a domain name, naming the variable', () => {
    for (const bad of [
      'foo..bar',
      '-x.id',
      'x-.id',
      'has space.id',
      'a/b',
      'ä.id',
      `${'a'.repeat(64)}.id`,
      'a.'.repeat(95),
    ]) {
      let error: unknown
      try {
        load({ FOYER_NAMES_SUFFIX: bad })
      } catch (e) {
        error = e
      }
      expect(error, bad).toBeInstanceOf(ConfigError)
      expect(
        (error as ConfigError).issues.map((i) => i.path),
        bad,
      ).toEqual(['FOYER_NAMES_SUFFIX'])
    }
  })
})

describe('name variants', () => {
  it('are valid labels other than the name, cut to 63 characters', () => {
    expect(nameVariants('alice').slice(0, 3)).toEqual(['alice1', 'alice2', 'alice3'])
    const long = 'b'.repeat(63)
    const variants = nameVariants(long)
    expect(variants.length).toBeGreaterThan(4)
    expect(variants.every((v) => v.length <= 63 && v !== long && /^[a-z0-9-]{4,63}$/.test(v))).toBe(true)
    expect(new Set(variants).size).toBe(variants.length)
  })
})
