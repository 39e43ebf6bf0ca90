/**
 * What a chain adapter offers when it backs an email (AUTH) connector with Foyer's secure frame. The views reach
 * it only through the actions in `emailLogin.ts`; the adapter loads the frame client on first use. Codes are
 * never part of this interface: the frame takes them in its own screens, which the views host.
 */
export type EmailLoginStep = 'VERIFY_OTP'

export type EmbeddedRequestOptions = { signal?: AbortSignal }

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
}
