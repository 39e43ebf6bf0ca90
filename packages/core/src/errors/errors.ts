import type { ApiErrorCode } from '../protocol/errors.ts'
import { FoyerError, type FoyerErrorParameters } from './base.ts'

export type ChainRequiredErrorType = ChainRequiredError & { name: 'ChainRequiredError' }
export class ChainRequiredError extends FoyerError {
  override name = 'ChainRequiredError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Chain is required', { messageKey: 'error.chainRequired', ...parameters })
  }
}

export type ChainAdapterNotFoundErrorType = ChainAdapterNotFoundError & { name: 'ChainAdapterNotFoundError' }
export class ChainAdapterNotFoundError extends FoyerError {
  override name = 'ChainAdapterNotFoundError'
  constructor({ namespace, ...parameters }: FoyerErrorParameters & { namespace?: string } = {}) {
    super('Chain adapter not found', {
      messageKey: 'error.chainAdapterNotFound',
      details: namespace ? `No adapter for namespace "${namespace}"` : undefined,
      ...parameters,
    })
  }
}

export type ClientNotSetErrorType = ClientNotSetError & { name: 'ClientNotSetError' }
export class ClientNotSetError extends FoyerError {
  override name = 'ClientNotSetError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('client not set', { messageKey: 'error.clientNotSet', ...parameters })
  }
}

export type UnsupportedChainErrorType = UnsupportedChainError & { name: 'UnsupportedChainError' }
export class UnsupportedChainError extends FoyerError {
  override name = 'UnsupportedChainError'
  constructor({ chainId, ...parameters }: FoyerErrorParameters & { chainId?: string | number } = {}) {
    super('Unsupported chain', {
      messageKey: 'error.unsupportedChain',
      details: chainId === undefined ? undefined : `Chain ${chainId} is not one of the site's networks`,
      ...parameters,
    })
  }
}

export type HttpRequestErrorType = HttpRequestError & { name: 'HttpRequestError' }
export class HttpRequestError extends FoyerError {
  override name = 'HttpRequestError'
  readonly status: number
  readonly url: string
  /** The server's error code (`{ error: { code } }`, one of `ApiErrorCode` in `@foyer/core/protocol`), when it sent one. */
  readonly code: ApiErrorCode | undefined
  constructor({
    status,
    url,
    code,
    ...parameters
  }: FoyerErrorParameters & { status: number; url: string; code?: ApiErrorCode }) {
    super(`HTTP status code ${status}`, {
      messageKey: 'error.httpStatus',
      metaMessages: [`URL: ${url}`],
      ...parameters,
    })
    this.status = status
    this.url = url
    this.code = code
  }
}

export type UserRejectedRequestErrorType = UserRejectedRequestError & { name: 'UserRejectedRequestError' }
/** The person declined in their wallet. */
export class UserRejectedRequestError extends FoyerError {
  override name = 'UserRejectedRequestError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Request rejected in the wallet', { messageKey: 'error.userRejected', ...parameters })
  }
}

export type ConnectorNotFoundErrorType = ConnectorNotFoundError & { name: 'ConnectorNotFoundError' }
export class ConnectorNotFoundError extends FoyerError {
  override name = 'ConnectorNotFoundError'
  constructor({ connectorId, ...parameters }: FoyerErrorParameters & { connectorId: string }) {
    super('Wallet not found', {
      messageKey: 'error.connectorNotFound',
      details: `No connector "${connectorId}"`,
      ...parameters,
    })
  }
}

export type DisconnectErrorType = DisconnectError & { name: 'DisconnectError' }
export class DisconnectError extends FoyerError {
  override name = 'DisconnectError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Failed to disconnect', { messageKey: 'snackbar.failedToDisconnect', ...parameters })
  }
}

/** True when an error (or anything in its cause chain) says the user rejected in the wallet (EIP-1193 code 4001). */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 10; depth++) {
    const e = current as { code?: unknown; name?: unknown; cause?: unknown }
    if (e.code === 4001 || e.name === 'UserRejectedRequestError') return true
    current = e.cause
  }
  return false
}

/** The message a person should see for an unknown error: a Foyer short message, else the fallback. */
export function shortMessageOf(error: unknown, fallback: string): string {
  if (error instanceof FoyerError) return error.shortMessage
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  return typeof short === 'string' && short ? short : fallback
}
