import type { LoginProvider } from '@foyer/core/protocol'

/**
 * A person as a login provider vouched for them at the end of a sign-in: the OAuth provider's claims once the code
 * was exchanged and the ID token or user info checked, or a Farcaster sign-in message once its signature and the
 * fid's custody address were checked. `subject` is the provider's stable id (OpenID `sub`, GitHub's numeric id, the
 * Farcaster fid as a decimal string). `email` is kept only with `emailVerified` telling whether the provider
 * verified it; only a verified email may link to an existing account.
 */
export type VerifiedIdentity = {
  provider: LoginProvider
  subject: string
  email: string | null
  emailVerified: boolean
  username: string | null
  displayName: string | null
  avatarUrl: string | null
  /** Farcaster only: the fid (the same number as `subject`). */
  fid: number | null
}
