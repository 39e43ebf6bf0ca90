import { describe, expect, it } from 'vitest'
import { normalizeEmail } from './emailAddress.ts'

describe('normalizeEmail', () => {
  it('takes plain addresses, trimmed and lowercased', () => {
    expect(normalizeEmail(' Ana.Maria+foyer@Example.COM ')).toBe('ana.maria+foyer@example.com')
    expect(normalizeEmail('o_k-1@sub.mail-host.example.org')).toBe('o_k-1@sub.mail-host.example.org')
    expect(normalizeEmail("o'brien@example.ie")).toBe("o'brien@example.ie")
  })

  it.each([
    ['a display name', 'alice<victim@example.com>'],
    ['a display name with a space', 'Alice <victim@example.com>'],
    ['a comment', '(c)victim@example.com'],
    ['a trailing comment', 'victim@example.com(c)'],
    ['a list separated by ;', 'a;victim@example.com'],
    ['a list separated by ,', 'victim@example.com,other@x.y'],
    ['a group', 'friends:victim@example.com;'],
    ['a quoted local part', '"victim"@example.com'],
    ['a quoted local part with a space', '"a b"@example.com'],
    ['an IPv4 literal domain', 'a@[1.2.3.4]'],
    ['an IPv6 literal domain', 'a@[IPv6:::1]'],
    ['a dotted-quad domain', 'a@1.2.3.4'],
    ['a single-label domain', 'a@localhost'],
    ['two @', 'a@b@example.com'],
    ['an empty local part', '@example.com'],
    ['a leading dot', '.a@example.com'],
    ['two dots', 'a..b@example.com'],
    ['a domain label starting with -', 'a@-x.example.com'],
    ['an empty label', 'a@example..com'],
    ['whitespace inside', 'a b@example.com'],
    ['a newline (header injection)', 'a@example.com\nBcc: x@y.z'],
    ['non-ASCII', 'ä@example.com'],
    ['a local part over 64', `${'a'.repeat(65)}@example.com`],
    [
      'an address over 254',
      `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(10)}.com`,
    ],
    ['empty', ''],
  ])('refuses %s', (_what, input) => {
    expect(normalizeEmail(input)).toBeUndefined()
  })

  it('refuses what is not a string', () => {
    expect(normalizeEmail(undefined)).toBeUndefined()
    expect(normalizeEmail(['a@example.com'])).toBeUndefined()
  })
})
