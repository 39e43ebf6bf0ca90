import { BaseError } from 'viem'
import { WalletErrorCode, WalletRpcError } from '../errors.ts'

/** Turns anything thrown into an EIP-1193 error (keeping node error codes and revert data). */
export function toWalletRpcError(err: unknown): WalletRpcError {
  if (err instanceof WalletRpcError) return err
  if (err instanceof BaseError) {
    const withCode = err.walk((e) => typeof (e as { code?: unknown }).code === 'number') as
      | (Error & { code: number; data?: unknown })
      | null
    const code = withCode?.code ?? WalletErrorCode.internal
    const details = (err as BaseError).details
    const message = details && !err.shortMessage.includes(details) ? `${err.shortMessage} ${details}` : err.shortMessage
    const data =
      withCode?.data ??
      (err.walk((e) => (e as { data?: unknown }).data !== undefined) as { data?: unknown } | null)?.data
    return new WalletRpcError(code, message, data)
  }
  const e = err as { code?: unknown; message?: unknown; data?: unknown } | undefined
  if (e && typeof e.code === 'number' && typeof e.message === 'string')
    return new WalletRpcError(e.code, e.message, e.data)
  return new WalletRpcError(WalletErrorCode.internal, e && typeof e.message === 'string' ? e.message : String(err))
}
