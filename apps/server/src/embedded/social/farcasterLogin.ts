/**
 * What the social routes need of Sign in with Farcaster (embedded/farcaster, `createFarcasterLogin(config)`): open
 * a sign-in channel on the Connect relay for one flow, and later ask how it stands. The routes store the channel
 * token with the flow (instead of OAuth's state and verifier) and, while the flow is pending, `/social/finish` calls
 * `check`; a verified identity then goes through the same identity → user, link or session rules as an OAuth
 * callback (socialSignIn.ts).
 */
import type { VerifiedIdentity } from './verifiedIdentity.ts'

export type FarcasterCheck =
  | { status: 'pending' }
  | { status: 'verified'; identity: VerifiedIdentity }
  | { status: 'failed'; code: string; message: string }

export interface FarcasterLogin {
  /** A channel for one sign-in: the token to poll it with and the link the person opens (QR code, deep link). */
  start(input: { nonce: string; siteOrigin: string; expiresAt: Date }): Promise<{ channelToken: string; url: string }>
  /** How the channel stands; `verified` once the signed message and the fid's custody address check out. */
  check(input: { channelToken: string; nonce: string; siteOrigin: string }): Promise<FarcasterCheck>
}
