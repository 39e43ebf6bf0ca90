// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { keyVault } from '../keyVault.ts'
import type { ServerApi } from '../serverApi.ts'
import { createAccountFlows } from './accountFlows.ts'

const vault = keyVault('p1')
const { setRememberDevice, writeSession } = vault
const share = (userId: string) => localStorage.getItem(`foyer.frame[p1].deviceShare.${userId}`)

function flowsWithoutSession() {
  const api = { signOut: vi.fn(async () => ({})) } as unknown as ServerApi
  const signedOut = vi.fn()
  const flows = createAccountFlows({
    api,
    vault,
    signedIn: async () => undefined,
    current: () => ({}),
    signInDone: () => undefined,
    userChanged: () => undefined,
    signedOut,
    keepShown: (task) => task(),
  })
  return { flows, api, signedOut }
}

describe('sign-out and the device share', () => {
  beforeEach(() => {
    localStorage.clear()
    localStorage.setItem('foyer.frame[p1].deviceShare.u1', 'aa')
  })

  it('wipes the share without "remember" even when the stored session has expired', async () => {
    writeSession({ token: 't', expiresAt: new Date(Date.now() - 1000).toISOString(), userId: 'u1', email: 'a@x.io' })
    const { flows, signedOut } = flowsWithoutSession()
    await flows.signOut()
    expect(share('u1')).toBeNull()
    expect(localStorage.getItem('foyer.frame[p1].session')).toBeNull()
    expect(signedOut).toHaveBeenCalledOnce()
  })

  it('wipes it when no session is stored at all (revoked on the server, cleared on restore)', async () => {
    const { flows } = flowsWithoutSession()
    await flows.signOut()
    expect(share('u1')).toBeNull()
  })

  it('keeps the share of a user who chose "remember", with or without a live session', async () => {
    setRememberDevice('u1', true)
    localStorage.setItem('foyer.frame[p1].deviceShare.u2', 'bb')
    writeSession({ token: 't', expiresAt: new Date(Date.now() - 1000).toISOString(), userId: 'u1', email: 'a@x.io' })
    const { flows, api } = flowsWithoutSession()
    await flows.signOut()
    expect(share('u1')).toBe('aa')
    expect(share('u2')).toBeNull()
    expect(api.signOut).not.toHaveBeenCalled() // an expired session is not sent
  })

  it('a later sign-in without "remember" takes the choice back', async () => {
    setRememberDevice('u1', true)
    setRememberDevice('u1', false)
    await flowsWithoutSession().flows.signOut()
    expect(share('u1')).toBeNull()
  })
})
