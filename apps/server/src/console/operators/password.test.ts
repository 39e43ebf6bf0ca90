import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SCRYPT, hashPassword, isPasswordHash, parsePasswordHash, verifyPassword } from './password.ts'

describe('operator passwords (scrypt)', () => {
  it('writes a PHC string with its parameters and a fresh salt, and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')])
    expect(a).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(a).not.toBe(b) // a new salt each time
    expect(await verifyPassword('correct horse battery', a)).toBe(true)
    expect(await verifyPassword('correct horse batterY', a)).toBe(false)
    expect(await verifyPassword('', a)).toBe(false)
  })

  it("agrees with node's scrypt computed directly from the string's parts (differential)", async () => {
    const password = 'pässwörd with ünïcode 🔑'
    const hash = await hashPassword(password, { ln: 12, r: 8, p: 2 })
    const [, , params, salt, key] = hash.split('$')
    expect(params).toBe('ln=12,r=8,p=2')
    const direct = scryptSync(password.normalize('NFC'), Buffer.from(salt!, 'base64'), 32, { N: 4096, r: 8, p: 2 })
    expect(direct.toString('base64').replace(/=+$/, '')).toBe(key)
    // And a hash made by node directly verifies here.
    const mySalt = Buffer.from('0123456789abcdef')
    const made = scryptSync('another one', mySalt, 32, { N: 2 ** 11, r: 4, p: 1 })
    const external = `$scrypt$ln=11,r=4,p=1$${mySalt.toString('base64').replace(/=+$/, '')}$${made.toString('base64').replace(/=+$/, '')}`
    expect(await verifyPassword('another one', external)).toBe(true)
    expect(await verifyPassword('another two', external)).toBe(false)
  })

  it('NFC-normalises, so the same password typed as composed or decomposed characters matches', async () => {
    const hash = await hashPassword('caf\u00e9-operator-1')
    expect(await verifyPassword('cafe\u0301-operator-1', hash)).toBe(true)
  })

  it('refuses strings it did not write and parameters out of bounds, verifying nothing against them', async () => {
    for (const bad of [
      '',
      'plain',
      '$scrypt$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA',
      '$argon2id$v=19$x',
    ]) {
      expect(isPasswordHash(bad)).toBe(false)
      expect(await verifyPassword('anything', bad)).toBe(false)
    }
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(parsePasswordHash(await hashPassword('x'.repeat(12)))?.parameters).toEqual(DEFAULT_SCRYPT)
  })

  it('takes about as long without a hash (unknown operator) as with a wrong password', async () => {
    const hash = await hashPassword('the real password')
    await verifyPassword('warm-up', null)
    const time = async (h: string | null) => {
      const started = performance.now()
      await verifyPassword('a wrong password', h)
      return performance.now() - started
    }
    // One of each, taken in turns, and the medians compared: a busy moment of the machine (tests run side by side)
    // slows both kinds alike instead of one block of runs.
    const wrongs: number[] = []
    const missings: number[] = []
    for (let i = 0; i < 7; i++) {
      wrongs.push(await time(hash))
      missings.push(await time(null))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const [wrong, missing] = [median(wrongs), median(missings)]
    expect(missing / wrong).toBeGreaterThan(0.5)
    expect(missing / wrong).toBeLessThan(2)
  })
})
