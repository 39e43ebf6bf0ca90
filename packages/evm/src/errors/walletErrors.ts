import { isUserRejection, UserRejectedRequestError } from '@foyer/core'

/**
 * A wallet failure as the modal should see it: a decline in the wallet (EIP-1193 code 4001, viem's or wagmi's
 * `UserRejectedRequestError`, anywhere in the cause chain) becomes core's `UserRejectedRequestError` with the
 * original kept as `cause`, so the view shows "declined" and offers a retry. Anything else is returned unchanged:
 * viem and wagmi errors already carry a `shortMessage` for the view and the whole `message` for logs.
 */
export function toFoyerError(error: unknown): unknown {
  if (error instanceof UserRejectedRequestError) return error
  if (isUserRejection(error)) return new UserRejectedRequestError({ cause: error })
  return error
}

/**
 * True when the wallet says it does not know the chain: EIP-1193 / EIP-3326 code 4902 anywhere in the cause
 * chain, or MetaMask Mobile's `data.originalError.code` (viem's `SwitchChainError` carries 4902 too).
 */
export function isUnknownChainError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 10; depth++) {
    const e = current as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown }
    if (e.code === 4902 || e.data?.originalError?.code === 4902) return true
    current = e.cause
  }
  return false
}

/** True for wagmi's "this connector cannot switch chains", where asking the provider directly may still work. */
export function isSwitchNotSupportedError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'SwitchChainNotSupportedError'
}
