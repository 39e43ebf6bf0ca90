// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { keyVault, type StoredSession } from './keyVault.ts'

const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
const session = (userId: string): StoredSession => ({
  token: 't'.repeat(43),
  expiresAt,
  userId,
  email: `${userId}@example.com`,
})

describe('the frame keeps each project apart', () => {
  beforeEach(() => localStorage.clear())

  it("a frame opened for another project reads neither the session nor the device share of this one's sign-in", async () => {
    const demo = keyVault('foyer-demo')
    const { account, authShare } = await demo.createKey('u1')
    demo.writeSession(session('u1'))
    const other = keyVault('other-site')
    expect(other.readSession()).toBeUndefined()
    // Even with the auth share in hand, the other project has no device share of this user: no key.
    expect(await other.restoreKey('u1', authShare, account.address)).toBeUndefined()
    expect(other.recoveryCodeFor('u1', authShare)).toBeUndefined()
    // Its sign-out leaves this project's state alone.
    other.forgetUnrememberedShares()
    other.writeSession(undefined)
    expect(demo.readSession()).toEqual(session('u1'))
    expect((await demo.restoreKey('u1', authShare, account.address))?.address).toBe(account.address)
  })

  it('a project id that is a prefix of another, or holds dots, names its own keys only', async () => {
    const short = keyVault('a')
    const long = keyVault('a.b')
    await long.createKey('u1')
    long.writeSession(session('u1'))
    short.forgetUnrememberedShares()
    expect(long.readSession()).toEqual(session('u1'))
    expect(Object.keys(localStorage).filter((key) => key.startsWith('foyer.frame[a]'))).toEqual([])
  })

  it('a share stored before shares were per project moves to the first project that rebuilds the wallet with it', async () => {
    const old = keyVault('old')
    const { account, authShare } = await old.createKey('u1')
    const share = localStorage.getItem('foyer.frame[old].deviceShare.u1')!
    localStorage.clear()
    localStorage.setItem('foyer.frame.deviceShare.u1', share)
    localStorage.setItem('foyer.frame.rememberDevice.u1', '1')
    localStorage.setItem('foyer.frame.session', JSON.stringify(session('u1')))
    const demo = keyVault('foyer-demo')
    expect(localStorage.getItem('foyer.frame.session')).toBeNull() // ended on the server at the same upgrade
    // A wrong auth share rebuilds another address: the legacy share stays where it is.
    const wrong = (await keyVault('x').createKey('u9')).authShare
    expect(await demo.restoreKey('u1', wrong, account.address)).toBeUndefined()
    expect(localStorage.getItem('foyer.frame.deviceShare.u1')).toBe(share)
    expect((await demo.restoreKey('u1', authShare, account.address))?.address).toBe(account.address)
    expect(localStorage.getItem('foyer.frame.deviceShare.u1')).toBeNull()
    expect(localStorage.getItem('foyer.frame[foyer-demo].deviceShare.u1')).toBe(share)
    demo.forgetUnrememberedShares() // the "remember" choice moved with it
    expect(localStorage.getItem('foyer.frame[foyer-demo].deviceShare.u1')).toBe(share)
    expect(await keyVault('other-site').restoreKey('u1', authShare, account.address)).toBeUndefined()
  })
})
