/**
 * Email login, email change and devices, as the views call them (the frame takes every code itself). The 30 s lock between two login emails is kept
 * client-side from a stored timestamp (cleared after a successful login); the server enforces it too.
 */
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { EMAIL_RESEND_LOCK_MS } from '../constants.ts'
import { isEmail } from '../validation/validation.ts'
import { EmailRateLimitedError, EmbeddedWalletError } from './embeddedErrors.ts'
import type { EmailLoginStep, EmbeddedRequestOptions, EmbeddedWallet } from './embeddedWallet.ts'

/** Where the time of the last login email is kept (site origin, no secret in it). */
export const EMAIL_LOGIN_TIMESTAMP_KEY = 'foyer.emailLogin.lastRequestAt'

type ClientLike = Pick<FoyerClient, 'options' | 'connect'>

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage disabled (privacy settings): the server's lock still applies
  }
}

/** Seconds left before another login email may be asked for (0 when free). */
export function emailLoginLockSeconds(now = Date.now()): number {
  const last = Number(storage()?.getItem(EMAIL_LOGIN_TIMESTAMP_KEY))
  if (!Number.isFinite(last) || last <= 0 || last > now) return last > now ? Math.ceil(EMAIL_RESEND_LOCK_MS / 1000) : 0
  const left = last + EMAIL_RESEND_LOCK_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

export function clearEmailLoginLock() {
  storage()?.removeItem(EMAIL_LOGIN_TIMESTAMP_KEY)
}

/** The embedded wallet an adapter offers, or undefined when none does (email login is then hidden). */
export function getEmbeddedWallet(client: Pick<FoyerClient, 'options'>): EmbeddedWallet | undefined {
  for (const adapter of client.options.adapters) if (adapter.embeddedWallet) return adapter.embeddedWallet
  return undefined
}

function requireEmbeddedWallet(client: Pick<FoyerClient, 'options'>): EmbeddedWallet {
  const wallet = getEmbeddedWallet(client)
  if (!wallet) throw new EmbeddedWalletError({ code: 'not_available' })
  return wallet
}

/**
 * Asks for a login email. Throws `EmailRateLimitedError` ("Please try again after N seconds") within 30 s of the
 * previous one, `EmbeddedWalletError('invalid_email')` for a malformed address.
 */
export async function startEmailLogin(
  client: ClientLike,
  { email }: { email: string },
  options?: EmbeddedRequestOptions,
): Promise<{ action: EmailLoginStep }> {
  const address = email.trim()
  if (!isEmail(address)) throw new EmbeddedWalletError({ code: 'invalid_email' })
  const seconds = emailLoginLockSeconds()
  if (seconds > 0) throw new EmailRateLimitedError({ seconds })
  const wallet = requireEmbeddedWallet(client)
  const startedAt = Date.now()
  storage()?.setItem(EMAIL_LOGIN_TIMESTAMP_KEY, String(startedAt))
  try {
    return await wallet.connectEmail({ email: address }, options)
  } catch (error) {
    if (error instanceof EmailRateLimitedError) {
      // The server's lock (another tab or device asked): keep the local one in step with what it says.
      storage()?.setItem(EMAIL_LOGIN_TIMESTAMP_KEY, String(Date.now() - EMAIL_RESEND_LOCK_MS + error.seconds * 1000))
    } else if (storage()?.getItem(EMAIL_LOGIN_TIMESTAMP_KEY) === String(startedAt)) {
      clearEmailLoginLock() // no email went out (frame not loaded, bad address…): nothing to wait for
    }
    throw error
  }
}

/**
 * Hands the code entry to the frame (the view hosts it), connects the AUTH connector once the person entered a
 * right code (the modal then closes) and clears the login lock.
 */
export async function verifyEmailOtp(client: ClientLike, options?: EmbeddedRequestOptions): Promise<void> {
  const wallet = requireEmbeddedWallet(client)
  await wallet.connectOtp(options)
  await client.connect(wallet.connectorId)
  clearEmailLoginLock()
}

/** Email change: the frame confirms it and takes both codes; resolves with the new address. */
export async function changeEmail(
  client: ClientLike,
  { email }: { email: string },
  options?: EmbeddedRequestOptions,
): Promise<{ email: string }> {
  const address = email.trim()
  if (!isEmail(address)) throw new EmbeddedWalletError({ code: 'invalid_email' })
  return requireEmbeddedWallet(client).updateEmail({ email: address }, options)
}

/** The frame's devices screen (list, revoke, sign out everywhere). */
export async function manageEmbeddedDevices(
  client: ClientLike,
  options?: EmbeddedRequestOptions,
): Promise<{ signedOut: boolean }> {
  return requireEmbeddedWallet(client).showDevices(options)
}
