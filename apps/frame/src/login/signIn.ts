/**
 * Email login inside the frame: the code screen, then the wallet's key (`completeSignIn`, shared with social
 * login) — a new key (its recovery code shown once), this device's share, or, on a device without one, the
 * recovery code the person saved.
 */

import type { EmbeddedUser } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import { deviceId, type KeyVault, type StoredSession, type WalletAccount } from '../keyVault.ts'
import { askRecoveryCode, showRecoveryCode, t } from '../screens.ts'
import type { ServerApi } from '../serverApi.ts'
import { askCode } from './codeScreen.ts'

export type SignedIn = { session: StoredSession; user: EmbeddedUser; account: WalletAccount }
export type KeepShown = <result>(task: () => Promise<result>, reason: 'approval' | 'recovery') => Promise<result>

/** What the new key signs so the server links only an address whose key the frame really holds. */
export function linkWalletMessage(address: string, userId: string, authShare: string): string {
  return `Link wallet ${address.toLowerCase()} to Foyer user ${userId} with auth share ${authShare}`
}

export async function signIn({
  api,
  vault,
  email,
  keepShown,
}: {
  api: ServerApi
  /** This project's stored state (keyVault.ts). */
  vault: KeyVault
  email: string
  keepShown: KeepShown
}): Promise<SignedIn> {
  let verified: Awaited<ReturnType<ServerApi['verifyEmail']>> | undefined
  const { remember } = await askCode({
    title: t('frame.codeTitle'),
    body: t('frame.codeBody', { email }),
    offerRemember: true,
    check: async (otp) => {
      verified = await api.verifyEmail(email, deviceId(), otp)
    },
  })
  vault.setRememberDevice(verified!.user.id, remember)
  return completeSignIn({ api, vault, keepShown, signedIn: verified! })
}

/** What the server answers once the person proved who they are (an email code, a provider's sign-in). */
export type ServerSignIn = { sessionToken: string; expiresAt: string; user: EmbeddedUser }

/**
 * The key step after any sign-in: a user without a wallet gets a new key (its recovery code shown once, the
 * modal kept open meanwhile); a known user's key is rebuilt from this device's share, or, on a device without one,
 * from the recovery code the person saved.
 */
export async function completeSignIn({
  api,
  vault,
  keepShown,
  signedIn,
}: {
  api: ServerApi
  vault: KeyVault
  keepShown: KeepShown
  signedIn: ServerSignIn
}): Promise<SignedIn> {
  const { sessionToken, expiresAt, user } = signedIn
  const session: StoredSession = { token: sessionToken, expiresAt, userId: user.id, email: user.email }

  if (!user.address || !user.authShare) {
    const created = await vault.createKey(user.id)
    const { address } = created.account
    const signature = await created.account.signMessage({
      message: linkWalletMessage(address, user.id, created.authShare),
    })
    // The link answer may leave out the session's sign-in identity: keep the one this sign-in gave.
    const linked = (await api.createWallet(sessionToken, address, created.authShare, signature)).user
    // The person keeps the third share; shown once, in this frame only (the modal refuses to close meanwhile).
    await keepShown(() => showRecoveryCode(created.recoveryCode), 'recovery')
    return { session, user: { ...linked, login: linked.login ?? user.login }, account: created.account }
  }

  const { id, authShare, address } = user
  let account = await vault.restoreKey(id, authShare, address)
  if (!account) {
    try {
      await askRecoveryCode(async (code) => {
        account = await vault.recoverKey(id, authShare, code, address)
        return Boolean(account)
      })
    } catch {
      throw new FrameHostError('aborted', 'Request was aborted')
    }
  }
  return { session, user, account: account! }
}
