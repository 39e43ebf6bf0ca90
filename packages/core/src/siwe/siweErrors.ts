import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'
import { HttpRequestError } from '../errors/errors.ts'
import type { ApiErrorCode } from '../protocol/errors.ts'

const REFUSALS = [
  'invalid_request',
  'invalid_message',
  'domain_mismatch',
  'unsupported_chain',
  'invalid_nonce',
  'message_expired',
  'message_not_yet_valid',
  'invalid_signature',
] as const satisfies readonly ApiErrorCode[]

/** Why the Foyer server refused a signed sign-in message (`POST /v1/auth/siwe/verify`, docs/api.md). */
export type SiweRefusal = (typeof REFUSALS)[number]

type SiweErrorParameters = FoyerErrorParameters & { code?: ApiErrorCode }

export type SiweErrorType = SiweError & { name: 'SiweError' }
/** The family of the sign-in-with-Ethereum actions' errors; `code` is the server's error code, when it sent one. */
export class SiweError extends FoyerError {
  override name = 'SiweError'
  readonly code: ApiErrorCode | undefined
  constructor(shortMessage: string, { code, ...parameters }: SiweErrorParameters = {}) {
    super(shortMessage, parameters)
    this.code = code ?? (parameters.cause instanceof HttpRequestError ? parameters.cause.code : undefined)
  }
}

export type SiweNonceErrorType = SiweNonceError & { name: 'SiweNonceError' }
/** No nonce could be had from the Foyer server (`GET /v1/auth/siwe/nonce`). */
export class SiweNonceError extends SiweError {
  override name = 'SiweNonceError'
  constructor(parameters: SiweErrorParameters = {}) {
    super('Could not start the sign-in', { messageKey: 'error.siweNonce', ...parameters })
  }
}

export type SiweVerifyErrorType = SiweVerifyError & { name: 'SiweVerifyError' }
/**
 * The Foyer server did not accept the signed message. `reason` says why when the server refused it (a wrong domain,
 * a used or expired nonce, a bad signature…); undefined when the server could not be reached or failed.
 */
export class SiweVerifyError extends SiweError {
  override name = 'SiweVerifyError'
  readonly reason: SiweRefusal | undefined
  constructor(parameters: SiweErrorParameters = {}) {
    super('The sign-in was refused', { messageKey: 'error.siweVerify', ...parameters })
    this.reason = REFUSALS.find((refusal) => refusal === this.code)
  }
}

export type SiweSessionErrorType = SiweSessionError & { name: 'SiweSessionError' }
/** The sign-in session could not be checked (the server failed or was not reachable; a 401 is not an error). */
export class SiweSessionError extends SiweError {
  override name = 'SiweSessionError'
  constructor(parameters: SiweErrorParameters = {}) {
    super('Could not check the sign-in', { messageKey: 'error.siweSession', ...parameters })
  }
}

export type SiweSignOutErrorType = SiweSignOutError & { name: 'SiweSignOutError' }
/** The server did not revoke the sign-in token. */
export class SiweSignOutError extends SiweError {
  override name = 'SiweSignOutError'
  constructor(parameters: SiweErrorParameters = {}) {
    super('Could not sign out', { messageKey: 'error.siweSignOut', ...parameters })
  }
}

/** An action's failure as its `SiweError`; a missing server (`ClientNotSetError`) and aborts pass through. */
export function toSiweError<error extends SiweError>(
  e: unknown,
  make: (parameters: SiweErrorParameters) => error,
): unknown {
  if (e instanceof SiweError) return e
  if (e instanceof FoyerError && !(e instanceof HttpRequestError)) return e
  if ((e as { name?: unknown })?.name === 'AbortError') return e
  return make({ cause: e })
}
