/**
 * The wallet key inside the frame. It is created here, split 2-of-3 by the audited shamir-secret-sharing library
 * (packages/embedded/src/keys): the device share
 * stays in this origin's storage, the auth share goes to the server (released only to a signed-in session), the
 * recovery share is shown to the person once. The whole key exists only in memory, rebuilt from two shares. The
 * secret is the EVM key; the Solana key is derived from it whenever it is rebuilt (solana/solanaKey.ts).
 */
import { combineShares, deriveShare, FrameHostError, fromHex, splitSecret, toHex, unusedX } from '@foyer/embedded/host'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { type SolanaKey, solanaKeyFromSecret } from './solana/solanaKey.ts'

/** The wallet's EVM account (viem), with its Solana key beside it: both from the same secret. */
export type WalletAccount = PrivateKeyAccount & { readonly solana: SolanaKey }

const DEVICE_ID_KEY = 'foyer.frame.deviceId'
/** Keys written before the frame kept its state per project: a legacy share is adopted by one project (`restoreKey`). */
const LEGACY_SESSION_KEY = 'foyer.frame.session'
const LEGACY_SHARE_PREFIX = 'foyer.frame.deviceShare.'
const legacyRememberKey = (userId: string) => `foyer.frame.rememberDevice.${userId}`

export type StoredSession = { token: string; expiresAt: string; userId: string; email: string | null }

/**
 * This browser's id for device approval, one for every project: only its hash leaves the frame, to the server,
 * which approves a device per user. It is not a credential: a session or a key share never comes from it alone.
 */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_KEY)
  if (!id || !/^[0-9a-f]{64}$/.test(id)) {
    id = toHex(crypto.getRandomValues(new Uint8Array(32)))
    localStorage.setItem(DEVICE_ID_KEY, id)
  }
  return id
}

/**
 * The frame's stored state for one project: its session, its device shares and each user's "Remember this device".
 * Every key names the project (`foyer.frame[<project id>].…`; a project id never holds `]`), so a frame opened
 * for another project of the same site never reads this project's session or key material: there the person is
 * not signed in and signs in again. The server binds sessions to their project the same way.
 */
export function keyVault(projectId: string) {
  const scope = `foyer.frame[${projectId}].`
  const sessionKey = `${scope}session`
  const sharePrefix = `${scope}deviceShare.`
  const deviceShareKey = (userId: string) => `${sharePrefix}${userId}`
  /** "Remember this device", per user and apart from the session: sign-out reads it even when the session expired. */
  const rememberKey = (userId: string) => `${scope}rememberDevice.${userId}`
  // A session stored before sessions had a project ended on the server at the same upgrade.
  localStorage.removeItem(LEGACY_SESSION_KEY)

  function readSession(): StoredSession | undefined {
    try {
      const session = JSON.parse(localStorage.getItem(sessionKey) ?? 'null') as StoredSession | null
      if (!session || Date.parse(session.expiresAt) <= Date.now()) return undefined
      return session
    } catch {
      return undefined
    }
  }

  function writeSession(session: StoredSession | undefined) {
    if (session) localStorage.setItem(sessionKey, JSON.stringify(session))
    else localStorage.removeItem(sessionKey)
  }

  /** The person's choice at sign-in; without it, sign-out wipes this device's share. */
  function setRememberDevice(userId: string, remember: boolean) {
    if (remember) localStorage.setItem(rememberKey(userId), '1')
    else localStorage.removeItem(rememberKey(userId))
  }

  /** This user's device share goes (signing in here again then needs the recovery code), and the choice with it. */
  function forgetDeviceShare(userId: string) {
    localStorage.removeItem(deviceShareKey(userId))
    localStorage.removeItem(rememberKey(userId))
  }

  /**
   * Sign-out: every device share of this project whose user did not choose "Remember this device" goes. It needs
   * no session (an expired or server-revoked one is gone from storage), so a share never outlives a sign-out
   * without "remember".
   */
  function forgetUnrememberedShares() {
    const users: string[] = []
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith(sharePrefix)) users.push(key.slice(sharePrefix.length))
    }
    for (const userId of users) if (localStorage.getItem(rememberKey(userId)) === null) forgetDeviceShare(userId)
  }

  /**
   * A new key: returns the account, the auth share for the server and the recovery code for the person. The
   * shares' x coordinates are the library's random ones (wallets made before it have x = 1, 2, 3: both work).
   */
  async function createKey(
    userId: string,
  ): Promise<{ account: WalletAccount; authShare: string; recoveryCode: string }> {
    const secret = fromHex(generatePrivateKey().slice(2))
    const [device, auth, recovery] = await splitSecret(secret, { shares: 3, threshold: 2 })
    localStorage.setItem(deviceShareKey(userId), toHex(device!))
    const account = await walletAccount(secret)
    return { account, authShare: toHex(auth!), recoveryCode: formatRecoveryCode(recovery!) }
  }

  /**
   * Rebuilds the key from this device's share and the auth share; undefined when this project has no share of
   * this user here. A share stored before shares were kept per project (for the same user, with the server's auth
   * share released to this project's session) moves to this project once it rebuilds the user's address: from
   * then on it belongs to this project alone.
   */
  async function restoreKey(
    userId: string,
    authShareHex: string,
    expectedAddress: string,
  ): Promise<WalletAccount | undefined> {
    const stored = localStorage.getItem(deviceShareKey(userId))
    if (!stored) return adoptLegacyShare(userId, authShareHex, expectedAddress)
    const account = await accountFrom([fromHex(stored), fromHex(authShareHex)]).catch(() => undefined)
    if (!account || account.address.toLowerCase() !== expectedAddress.toLowerCase())
      throw new FrameHostError('server_error', 'The key shares do not match this wallet')
    return account
  }

  async function adoptLegacyShare(userId: string, authShareHex: string, expectedAddress: string) {
    const legacy = localStorage.getItem(`${LEGACY_SHARE_PREFIX}${userId}`)
    if (!legacy || !/^[0-9a-f]+$/.test(legacy)) return undefined
    const account = await accountFrom([fromHex(legacy), fromHex(authShareHex)]).catch(() => undefined)
    if (!account || account.address.toLowerCase() !== expectedAddress.toLowerCase()) return undefined
    localStorage.setItem(deviceShareKey(userId), legacy)
    if (localStorage.getItem(legacyRememberKey(userId)) !== null) setRememberDevice(userId, true)
    localStorage.removeItem(`${LEGACY_SHARE_PREFIX}${userId}`)
    localStorage.removeItem(legacyRememberKey(userId))
    return account
  }

  /**
   * A new device: the recovery code and the auth share rebuild the key; this device then keeps its own share, the
   * point at the first x neither of them uses (x = 1 for wallets made with x = 1, 2, 3: the same share as before).
   */
  async function recoverKey(
    userId: string,
    authShareHex: string,
    recoveryCode: string,
    expectedAddress: string,
  ): Promise<WalletAccount | undefined> {
    const recovery = parseRecoveryCode(recoveryCode)
    if (!recovery) return undefined
    const auth = fromHex(authShareHex)
    // A code with the auth share's own x (or of another length) cannot rebuild anything: a wrong code, not an error.
    const account = await accountFrom([auth, recovery]).catch(() => undefined)
    if (!account || account.address.toLowerCase() !== expectedAddress.toLowerCase()) return undefined
    localStorage.setItem(deviceShareKey(userId), toHex(deriveShare([auth, recovery], unusedX([auth, recovery]))))
    return account
  }

  /** A recovery code recomputed from this device's share and the auth share (a valid third share, at a free x). */
  function recoveryCodeFor(userId: string, authShareHex: string): string | undefined {
    const stored = localStorage.getItem(deviceShareKey(userId))
    if (!stored) return undefined
    const shares = [fromHex(stored), fromHex(authShareHex)]
    return formatRecoveryCode(deriveShare(shares, unusedX(shares)))
  }

  return {
    readSession,
    writeSession,
    setRememberDevice,
    forgetDeviceShare,
    forgetUnrememberedShares,
    createKey,
    restoreKey,
    recoverKey,
    recoveryCodeFor,
  }
}
export type KeyVault = ReturnType<typeof keyVault>

async function accountFrom(shares: Uint8Array[]): Promise<WalletAccount> {
  return walletAccount(await combineShares(shares))
}

/** The EVM account of a secret and its Solana key; the secret's bytes are wiped once both are made. */
export async function walletAccount(secret: Uint8Array): Promise<WalletAccount> {
  try {
    const account = privateKeyToAccount(`0x${toHex(secret)}`)
    return Object.assign(account, { solana: await solanaKeyFromSecret(secret) })
  } finally {
    secret.fill(0)
  }
}

/** The recovery share as the person sees it: 66 hex characters in groups of 6. */
export function formatRecoveryCode(share: Uint8Array): string {
  return toHex(share)
    .match(/.{1,6}/g)!
    .join('-')
}

/** 33 bytes, x first: any nonzero x (the library picks it at random; our earlier shares used x = 3). */
export function parseRecoveryCode(code: string): Uint8Array | undefined {
  const hex = code.toLowerCase().replace(/[^0-9a-f]/g, '')
  if (!/^(?!00)[0-9a-f]{66}$/.test(hex)) return undefined
  return fromHex(hex)
}
