/**
 * EIP-1193 / EIP-1474 error codes the test wallet answers with, and the error type that carries them.
 */
export const WalletErrorCode = {
  /** EIP-1193: the user rejected the request. */
  userRejected: 4001,
  /** EIP-1193: the requested method and/or account has not been authorised by the user. */
  unauthorized: 4100,
  /** EIP-1193: the provider does not support the requested method. */
  unsupportedMethod: 4200,
  /** EIP-1193: the provider is disconnected from all chains. */
  disconnected: 4900,
  /** EIP-3326: the chain has not been added to the wallet. */
  unrecognizedChain: 4902,
  /** EIP-5792: the request requires a capability the wallet does not have. */
  unsupportedCapability: 5700,
  /** EIP-5792: the chain id of a call batch is not one the wallet has. */
  unsupportedChain: 5710,
  /** EIP-5792: a call batch with this id was already sent. */
  duplicateId: 5720,
  /** EIP-5792: no call batch has this id. */
  unknownBundle: 5730,
  /** EIP-5792: the batch must run atomically and the wallet cannot. */
  atomicityNotSupported: 5760,
  /** JSON-RPC: invalid request object. */
  invalidRequest: -32600,
  /** JSON-RPC: invalid method parameters. */
  invalidParams: -32602,
  /** JSON-RPC: internal error. */
  internal: -32603,
} as const

/** The plain shape that crosses the page boundary: `{ code, message, data? }`. */
export interface RpcErrorShape {
  code: number
  message: string
  data?: unknown
}

/** An EIP-1193 provider error, thrown by the wallet core and rebuilt on the page side. */
export class WalletRpcError extends Error implements RpcErrorShape {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'WalletRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  toJSON(): RpcErrorShape {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const userRejected = (what = 'request') =>
  new WalletRpcError(WalletErrorCode.userRejected, `User rejected the ${what}.`)

export const unauthorized = (detail = 'The requested method and/or account has not been authorized by the user.') =>
  new WalletRpcError(WalletErrorCode.unauthorized, detail)

export const unsupported = (method: string) =>
  new WalletRpcError(
    WalletErrorCode.unsupportedMethod,
    `The method "${method}" is not supported by the Foyer test wallet.`,
  )

export const invalidParams = (detail: string) =>
  new WalletRpcError(WalletErrorCode.invalidParams, `Invalid params: ${detail}`)
