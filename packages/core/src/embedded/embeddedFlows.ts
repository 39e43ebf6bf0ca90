/** The embedded wallet's steps after the login email, as the email views call them (the frame takes every code). */
import { failureProps } from '../analytics/failureProps.ts'
import { isEmail } from '../validation/isEmail.ts'
import { type ClientLike, clearEmailLoginLock, requireEmbeddedWallet } from './emailLogin.ts'
import { EmbeddedWalletError } from './embeddedErrors.ts'
import type { EmbeddedRequestOptions } from './embeddedWallet.ts'

/**
 * Hands the code entry to the frame (the view hosts it), connects the AUTH connector once the person entered a
 * right code (the modal then closes) and clears the login lock.
 */
export async function verifyEmailOtp(client: ClientLike, options?: EmbeddedRequestOptions): Promise<void> {
  const wallet = requireEmbeddedWallet(client)
  try {
    await wallet.connectOtp(options)
    await client.connect(wallet.connectorId, { method: 'email' })
  } catch (error) {
    client.emit?.('EMAIL_LOGIN_ERROR', failureProps(error), 'error')
    throw error
  }
  client.emit?.('EMAIL_LOGIN_SUCCESS')
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
