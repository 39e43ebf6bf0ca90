import { describe, expect, it } from 'vitest'
import { mailboxKey, normalizeEmail } from './emailAddress.ts'

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

describe('mailboxKey', () => {
  it('is the address its inbox receives at: the +tag dropped, case-folded; a local part starting with + kept whole', () => {
    for (const [address, mailbox] of [
      ['x@example.com', 'x@example.com'],
      ['x+0@example.com', 'x@example.com'],
      ['x+a+b@example.com', 'x@example.com'],
      ['X+Tag@Example.COM', 'x@example.com'],
      ['x+@example.com', 'x@example.com'],
      ['+x@example.com', '+x@example.com'],
      ['a.b+c@sub.example.org', 'a.b@sub.example.org'],
    ])
      expect(mailboxKey(address!), address).toBe(mailbox)
    // What the server keys on is what normalizeEmail let through: every spelling of one inbox meets in one key.
    const keys = ['Ana+1@Example.com', ' ana+2@EXAMPLE.COM ', 'ANA@example.com'].map((a) =>
      mailboxKey(normalizeEmail(a)!),
    )
    expect(new Set(keys)).toEqual(new Set(['ana@example.com']))
  })
})
