import type { LoginProvider } from '../protocol/features.ts'

/**
 * The providers' own names, as their brands spell them (names, not text to translate: like a wallet's name they
 * read the same in every language).
 */
export const LOGIN_PROVIDER_NAMES: Record<LoginProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/** A provider's name for display; an unknown id (from untyped settings) shows as itself. */
export function loginProviderName(provider: string): string {
  return (LOGIN_PROVIDER_NAMES as Record<string, string>)[provider] ?? provider
}
