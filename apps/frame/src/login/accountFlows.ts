/**
 * The frame's account requests: email login (the code taken in the frame), sign-out, the email change and the
 * devices screen. main.ts owns the signed-in state; these flows read and set it through `context`.
 */

import type { EmbeddedUser } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import { showDevices } from '../devices/devicesScreen.ts'
import { deviceId, type KeyVault, type StoredSession } from '../keyVault.ts'
import type { ServerApi } from '../serverApi.ts'
import { changeEmailInFrame } from './emailChange.ts'
import { type KeepShown, type SignedIn, signIn } from './signIn.ts'

export type AccountFlowContext = {
  api: ServerApi
  /** This project's stored session and device shares. */
  vault: KeyVault
  /** Restores a stored session if needed; throws `unauthorized` when nobody is signed in. */
  signedIn: () => Promise<void>
  current: () => { session?: StoredSession; user?: EmbeddedUser }
  signInDone: (state: SignedIn) => void
  userChanged: (session: StoredSession, user: EmbeddedUser) => void
  signedOut: () => void
  keepShown: KeepShown
}

export function createAccountFlows(context: AccountFlowContext) {
  const { api, vault } = context
  let pendingEmail: string | undefined

  /** Ends the session here; the device share goes too unless the person chose "Remember this device". */
  function endHere(session: StoredSession | undefined, forgetDevice: boolean) {
    if (session && forgetDevice) vault.forgetDeviceShare(session.userId)
    vault.forgetUnrememberedShares()
    vault.writeSession(undefined)
    context.signedOut()
  }

  function signedInSession(): StoredSession {
    const { session } = context.current()
    if (!session) throw new FrameHostError('unauthorized', 'Sign in first')
    return session
  }

  return {
    async startEmail(email: string) {
      pendingEmail = email.trim().toLowerCase()
      return api.startEmail(pendingEmail, deviceId())
    },
    async verifyEmail() {
      if (!pendingEmail) throw new FrameHostError('invalid_request', 'Start with an email first')
      const state = await signIn({ api, vault, email: pendingEmail, keepShown: context.keepShown })
      vault.writeSession(state.session)
      pendingEmail = undefined
      context.signInDone(state)
    },
    async signOut() {
      const session = context.current().session ?? vault.readSession()
      if (session) await api.signOut(session.token).catch(() => undefined)
      endHere(session, false)
      return {}
    },
    async changeEmail(email: string) {
      await context.signedIn()
      const session = signedInSession()
      const { user } = context.current()
      if (!user?.email) throw new FrameHostError('invalid_request', 'This account has no email address to change')
      const next = await changeEmailInFrame({
        api,
        token: session.token,
        from: user.email,
        to: email.trim().toLowerCase(),
      })
      const updated = { ...session, email: next }
      vault.writeSession(updated)
      context.userChanged(updated, { ...user, email: next })
      return { email: next }
    },
    async devices() {
      await context.signedIn()
      const session = signedInSession()
      const outcome = await showDevices({
        list: async () => (await api.devices(session.token)).devices,
        revoke: async (id) => void (await api.revokeDevice(session.token, id)),
        signOutEverywhere: async () => void (await api.signOut(session.token, true)),
      })
      if (outcome === 'stayed') return { signedOut: false }
      endHere(session, outcome === 'revokedThis')
      return { signedOut: true }
    },
  }
}
