/**
 * Email login as the Connect view calls it (the frame takes every code itself); the steps of later views (the code,
 * email change, devices) are in embeddedFlows.ts, so they stay out of the Connect view's chunks. The 30 s lock between
 * two login emails is kept client-side from a stored timestamp (cleared after a successful login); the server
 * enforces it too.
 */
import { failureProps } from '../analytics/failureProps.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { EMAIL_RESEND_LOCK_MS } from '../constants.ts'
import { isEmail } from '../validation/isEmail.ts'
import { storage } from '../walletconnect/walletStorage.ts'
import { EmailRateLimitedError, EmbeddedWalletError } from './embeddedErrors.ts'
import type { EmailLoginStep, EmbeddedRequestOptions, EmbeddedWallet } from './embeddedWallet.ts'

/** Where the time of the last login email is kept (site origin, no secret in it). */
export const EMAIL_LOGIN_TIMESTAMP_KEY = 'foyer.emailLogin.lastRequestAt'

/** What the email steps use of the client (`emit`: their events, when the client has a bus). */
export type ClientLike = Pick<FoyerClient, 'options' | 'connect'> & Partial<Pick<FoyerClient, 'emit'>>

/** Seconds before another login email may be asked for (0 when free; without storage the server still locks). */
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

export function requireEmbeddedWallet(client: Pick<FoyerClient, 'options'>): EmbeddedWallet {
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
  client.emit?.('EMAIL_LOGIN_START')
  try {
    return await wallet.connectEmail({ email: address }, options)
  } catch (error) {
    client.emit?.('EMAIL_LOGIN_ERROR', failureProps(error), 'error')
    if (error instanceof EmailRateLimitedError) {
      // The server's lock (another tab or device asked): keep the local one in step with what it says.
      storage()?.setItem(EMAIL_LOGIN_TIMESTAMP_KEY, String(Date.now() - EMAIL_RESEND_LOCK_MS + error.seconds * 1000))
    } else if (storage()?.getItem(EMAIL_LOGIN_TIMESTAMP_KEY) === String(startedAt)) {
      clearEmailLoginLock() // no email went out (frame not loaded, bad address…): nothing to wait for
    }
    throw error
  }
}
