/**
 * What a chain adapter offers when it backs an email (AUTH) connector with Foyer's secure frame. The views reach
 * it only through the actions in `emailLogin.ts`; the adapter loads the frame client on first use.
 */
export type EmailLoginStep = 'VERIFY_DEVICE' | 'VERIFY_OTP'

export type EmbeddedRequestOptions = { signal?: AbortSignal }

export interface EmbeddedWallet {
  /** The id of the AUTH connector this wallet backs (what `client.connect` takes). */
  readonly connectorId: string
  /** Starts a login: the server mails a code, or first a device approval link when this device is new. */
  connectEmail(parameters: { email: string }, options?: EmbeddedRequestOptions): Promise<{ action: EmailLoginStep }>
  /** Resolves once the device approval link was followed (the server then mails the code). */
  connectDevice(options?: EmbeddedRequestOptions): Promise<void>
  /** Checks the code; afterwards `client.connect(connectorId)` connects without asking again. */
  connectOtp(parameters: { otp: string }, options?: EmbeddedRequestOptions): Promise<void>
  /** The email of the signed-in user, once known. */
  getEmail(): string | undefined
  updateEmail(parameters: { email: string }, options?: EmbeddedRequestOptions): Promise<void>
  updateEmailPrimaryOtp(parameters: { otp: string }, options?: EmbeddedRequestOptions): Promise<void>
  updateEmailSecondaryOtp(parameters: { otp: string }, options?: EmbeddedRequestOptions): Promise<{ email: string }>
  /** Shows the secure frame over `container` (the ApproveTransaction view) until the returned clean-up runs. */
  attachFrame(container: HTMLElement): () => void
  /** Rejects whatever the frame is waiting for ("Request was aborted"); called when the modal closes. */
  abortPendingRequests(): void
  /** False while the frame shows something the person must keep (a new wallet's recovery code). */
  canClose?(): boolean
}
