/**
 * The events of a social login or Sign in with Farcaster, for the views that run them: one call per step, so the
 * props stay the event list's (the provider's id, a failure's code; never the person's name or email).
 */
import { failureProps } from '../analytics/failureProps.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import type { ConnectMethod } from '../protocol/analytics.ts'

export type SocialLoginStep = 'start' | 'success' | 'error'

/** `SOCIAL_LOGIN_START`, `SOCIAL_LOGIN_SUCCESS` or `SOCIAL_LOGIN_ERROR` (with the error's code and whether the person refused). */
export function emitSocialLogin(
  client: Pick<FoyerClient, 'emit'>,
  step: SocialLoginStep,
  provider: string,
  error?: unknown,
): void {
  if (step === 'start') client.emit('SOCIAL_LOGIN_START', { provider })
  else if (step === 'success') client.emit('SOCIAL_LOGIN_SUCCESS', { provider })
  else client.emit('SOCIAL_LOGIN_ERROR', { provider, ...failureProps(error) }, 'error')
}

/** The connect method a provider's login connects with (`client.connect(id, { method })`): Farcaster or social. */
export function socialConnectMethod(provider: string): ConnectMethod {
  return provider === 'farcaster' ? 'farcaster' : 'social'
}
