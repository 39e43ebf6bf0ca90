// parseCanonicalJson against the engine's JSON: what JSON.stringify writes is read back as the same value, and any
// text with a key twice — at any depth, in either order — is refused although JSON.parse would take it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseCanonicalJson } from './canonicalJson.ts'

describe('parseCanonicalJson', () => {
  it('reads what JSON.stringify writes as the value JSON.parse reads', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const text = JSON.stringify(value)
        expect(parseCanonicalJson(text)).toEqual({ value: JSON.parse(text) })
      }),
      { numRuns: 500 },
    )
  })

  it('refuses an object with one of its keys written again (before or after, any value, at any depth)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 6 }),
        fc.nat(),
        fc.jsonValue({ maxDepth: 2 }),
        fc.boolean(),
        fc.constantFrom('top', 'in an object', 'in an array'),
        (object, pick, value, before, where) => {
          const keys = Object.keys(object)
          const key = keys[pick % keys.length]!
          const member = `${JSON.stringify(key)}:${JSON.stringify(value)}`
          const inner = JSON.stringify(object)
          const twice = before ? `{${member},${inner.slice(1)}` : `${inner.slice(0, -1)},${member}}`
          const text = where === 'top' ? twice : where === 'in an object' ? `{"outer":${twice}}` : `[1,${twice}]`
          expect(() => JSON.parse(text)).not.toThrow()
          expect(parseCanonicalJson(text)).toBeUndefined()
        },
      ),
      { numRuns: 500 },
    )
  })

  it('refuses other spellings of a value and text that is not JSON', () => {
    for (const text of [
      '{"a": 1}',
      ' {"a":1}',
      '{"a":1}\n',
      '{"a":1e3}',
      '{"a":1.0}',
      '{"a":"\\u0062"}',
      '{"b":1,"1":2}',
      '{"a":1',
      'not json',
      '',
    ])
      expect(parseCanonicalJson(text), text).toBeUndefined()
    expect(parseCanonicalJson('{"a":[1,"x",{"b":null}]}')).toEqual({ value: { a: [1, 'x', { b: null }] } })
  })
})
