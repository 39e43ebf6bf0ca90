/**
 * What a chain adapter offers when it backs an email (AUTH) connector with Foyer's secure frame. The views reach
 * it only through the actions in `emailLogin.ts`; the adapter loads the frame client on first use. Codes are
 * never part of this interface: the frame takes them in its own screens, which the views host.
 */
import type { LoginProvider, SocialProvider } from '../protocol/features.ts'

export type EmailLoginStep = 'VERIFY_OTP'

export type EmbeddedRequestOptions = { signal?: AbortSignal }

/** Waiting for a social sign-in: the frame may need to be seen (the link question, the recovery code). */
export type AwaitSocialOptions = EmbeddedRequestOptions & { onFrameVisible?: (visible: boolean) => void }

/** The provider a session signed in with, and what it calls the person (username, else display name). */
export type EmbeddedLoginInfo = { provider: LoginProvider; name?: string; avatarUrl?: string; fid?: number }

/**
 * The signed-in person's accounts on the wallet's current chain and which one it uses: the key's own (`eoa`) or the
 * smart account at the same address (where the chain has a bundler), and whether that one is deployed yet.
 */
export type EmbeddedAccountType = {
  preferredAccountType: 'eoa' | 'smartAccount'
  smartAccountDeployed: boolean
  accounts: { address: string; type: 'eoa' | 'smartAccount' }[]
}

/** How the frame's RPC should take a Solana transaction it sends (Solana's `sendTransaction` options). */
export type EmbeddedSolanaSendOptions = {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
  minContextSlot?: number
}

/**
 * The embedded wallet on Solana: its account (the same person's, from the same key material as the EVM account) and
 * signing through the frame, which shows every request in plain words and signs only once the person approves.
 * `chain` is the cluster's CAIP-2 id (`solana:` and the first 32 characters of its genesis hash). Signatures are
 * base58 (Solana's own form), transactions wire bytes.
 */
export interface EmbeddedSolanaWallet {
  /** The signed-in person's Solana address (base58); undefined before a sign-in or from a frame without Solana. */
  getSolanaAddress(): string | undefined
  /**
   * Calls `onChange` with the Solana address whenever the wallet learns who is signed in (a sign-in, a restored
   * session) and with undefined once the person signed out — from the site, in the frame, or on another device.
   * Returns the clean-up.
   */
  watchSolanaAddress(onChange: (address: string | undefined) => void): () => void
  /** Signs the message bytes (ed25519) after the person approves its text. */
  signSolanaMessage(
    parameters: { message: Uint8Array },
    options?: EmbeddedRequestOptions,
  ): Promise<{ signature: string }>
  /** Signs a wire transaction that needs this account's signature; answers it signed and this account's signature. */
  signSolanaTransaction(
    parameters: { chain: string; transaction: Uint8Array },
    options?: EmbeddedRequestOptions,
  ): Promise<{ signature: string; transaction: Uint8Array }>
  /** Signs the transaction and sends it through the chain's RPC (the frame's own, from its server); answers its signature. */
  signAndSendSolanaTransaction(
    parameters: { chain: string; transaction: Uint8Array; sendOptions?: EmbeddedSolanaSendOptions },
    options?: EmbeddedRequestOptions,
  ): Promise<{ signature: string }>
}

export interface EmbeddedWallet {
  /** The id of the AUTH connector this wallet backs (what `client.connect` takes). */
  readonly connectorId: string
  /** Starts a login: the server mails a code (a known user on a new device gets an approval link first). */
  connectEmail(parameters: { email: string }, options?: EmbeddedRequestOptions): Promise<{ action: EmailLoginStep }>
  /**
   * The frame asks for the code (and, on a new device, the recovery code) in its own screen; resolves once the
   * person entered a right one. Afterwards `client.connect(connectorId)` connects without asking again.
   */
  connectOtp(options?: EmbeddedRequestOptions): Promise<void>
  /** The email of the signed-in user, once known. */
  getEmail(): string | undefined
  /** The frame confirms the change and takes the codes sent to both addresses; resolves with the new one. */
  updateEmail(parameters: { email: string }, options?: EmbeddedRequestOptions): Promise<{ email: string }>
  /** The frame's devices screen; `signedOut` when this device was revoked or the person signed out everywhere. */
  showDevices(options?: EmbeddedRequestOptions): Promise<{ signedOut: boolean }>
  /** Shows the secure frame over `container` (a view that hosts it) until the returned clean-up runs. */
  attachFrame(container: HTMLElement): () => void
  /** Rejects whatever the frame is waiting for ("Request was aborted"); called when the modal closes. */
  abortPendingRequests(): void
  /** False while the frame shows something the person must keep (a new wallet's recovery code). */
  canClose?(): boolean
  /**
   * Social login, where the adapter offers it. Starts a sign-in with an OAuth provider: the frame keeps the flow's
   * token and answers the provider's page, which the modal opens in its popup.
   */
  connectSocial?(parameters: { provider: SocialProvider }, options?: EmbeddedRequestOptions): Promise<{ url: string }>
  /** Starts Sign in with Farcaster: answers the relay's link (shown as a QR code and a deep link). */
  connectFarcaster?(options?: EmbeddedRequestOptions): Promise<{ url: string }>
  /**
   * Waits for the started sign-in to end; the frame may ask to link an existing account and takes the key step
   * (new key and its recovery code, or the recovery code on a new device) in its own screens.
   */
  awaitSocial?(options?: AwaitSocialOptions): Promise<void>
  /** The popup closed: the frame asks its server once more, then the waiting `awaitSocial` rejects. */
  cancelSocial?(): Promise<void>
  /** The provider this session signed in with (undefined for an email login or before a sign-in). */
  getLogin?(): EmbeddedLoginInfo | undefined
  /** Asks the frame for the person's account type now (undefined when nobody is signed in). */
  readAccountType?(): Promise<EmbeddedAccountType | undefined>
  /** The chain ids where the wallet offers a smart account (those whose Foyer server names a bundler). */
  getSmartAccountNetworks?(): Promise<number[]>
  /** Makes the smart account, or the key's own account, the person's; the frame keeps the choice per person. */
  setPreferredAccountType?(type: 'eoa' | 'smartAccount'): Promise<void>
  /**
   * The same wallet on Solana, where the adapter's frame offers it (see `EmbeddedSolanaWallet`). Loads the frame
   * client, a chunk of its own, when it is not loaded yet; rejects when the site's options turn the wallet off.
   */
  loadSolana?(): Promise<EmbeddedSolanaWallet>
}
