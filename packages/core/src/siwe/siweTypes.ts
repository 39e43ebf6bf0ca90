/**
 * Sign-in with Ethereum (EIP-4361): the option a site sets, the session it gets, and the state hooks read.
 * Types only (plus the initial state): the flow itself is `siweController.ts`, a chunk loaded only when `siwe` is set.
 */

/** Who is signed in: the address (checksummed), the chain it signed on, and when the session ends (ISO). */
export type SiweSession = {
  address: string
  chainId: number
  expiresAt?: string
}

/** The fields of the EIP-4361 message Foyer asks the wallet to sign. */
export type SiweMessageParameters = {
  /** The page's host (`location.host`). */
  domain: string
  /** The page's origin (`location.origin`). */
  uri: string
  address: `0x${string}`
  chainId: number
  nonce: string
  version: '1'
  statement?: string
  issuedAt: Date
  expirationTime?: Date
}

/** When to end the session. Each defaults to true. */
export type SiweBehaviour = {
  /** Sign out when the wallet disconnects. */
  signOutOnDisconnect?: boolean
  /** Sign out when the wallet moves to another account (the modal then asks the new account to sign in). */
  signOutOnAccountChange?: boolean
  /** Sign out when the wallet moves to another network (the modal then asks to sign in on the new chain). */
  signOutOnNetworkChange?: boolean
}

/** A site's own sign-in backend: Foyer builds the flow and the modal, the site keeps the session. */
export type SiweConfig = SiweBehaviour & {
  /** A fresh nonce from the site's server (alphanumeric, at least 8 characters). */
  getNonce(address?: string): Promise<string>
  /** The text the wallet signs; by default the EIP-4361 message (`formatSiweMessage`, the same text as viem's `createSiweMessage`). */
  createMessage?(parameters: SiweMessageParameters): string
  /** Checks the signature on the site's server and starts its session; false refuses the sign-in. */
  verifyMessage(parameters: { message: string; signature: string }): Promise<boolean>
  /** The current session, or null when signed out (read at start-up and after a sign-in). */
  getSession(): Promise<SiweSession | null>
  /** Ends the session on the site's server. */
  signOut(): Promise<unknown>
}

/**
 * `true`: sign-in through the Foyer server (needs `apiUrl`; the token is kept in localStorage per project, so the
 * session survives a reload). An object: the site's own backend (`SiweConfig`). Either way, only EVM accounts sign.
 */
export type SiweOption = true | (SiweBehaviour & { server: true }) | SiweConfig

/**
 * - `disabled`: the site did not set `siwe`;
 * - `checking`: reading the stored session at start-up;
 * - `signed-out`, `signing` (the wallet is asked, or the signature is checked), `signed-in`.
 */
export type SiweStatus = 'disabled' | 'checking' | 'signed-out' | 'signing' | 'signed-in'

export type SiweState = {
  status: SiweStatus
  session?: SiweSession
}

export function initialSiweState(siwe: SiweOption | false | undefined): SiweState {
  return { status: siwe ? 'checking' : 'disabled' }
}
