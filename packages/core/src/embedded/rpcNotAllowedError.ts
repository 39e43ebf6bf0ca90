import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'

// A module of its own: only the frame client (a lazy chunk) throws it, so it stays out of the page's first chunk.
export type RpcNotAllowedErrorType = RpcNotAllowedError & { name: 'RpcNotAllowedError' }
/** The site asked the embedded wallet for a method that is neither on the safe nor on the not-safe list. */
export class RpcNotAllowedError extends FoyerError {
  override name = 'RpcNotAllowedError'
  /** EIP-1193 "unsupported method". */
  readonly code = 4200
  constructor({ method, ...parameters }: FoyerErrorParameters & { method?: string } = {}) {
    super('Requested RPC call is not allowed', {
      messageKey: 'error.rpcNotAllowed',
      details: method ? `Method "${method}" is not on the embedded wallet's lists` : undefined,
      ...parameters,
    })
  }
}
