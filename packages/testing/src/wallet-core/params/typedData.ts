import { invalidParams } from '../../errors.ts'

/** EIP-712 typed data as `eth_signTypedData_v3/v4` carry it (an object or its JSON), checked and with a numeric chainId. */
export function parseTypedData(data: unknown): {
  domain?: Record<string, unknown> & { chainId?: unknown }
  types: Record<string, unknown>
  primaryType: string
  message: Record<string, unknown>
} {
  let typed = data
  if (typeof typed === 'string') {
    try {
      typed = JSON.parse(typed)
    } catch {
      throw invalidParams('typed data is not valid JSON')
    }
  }
  if (!typed || typeof typed !== 'object') throw invalidParams('typed data must be an object')
  const t = typed as Record<string, unknown>
  if (
    !t.types ||
    typeof t.types !== 'object' ||
    typeof t.primaryType !== 'string' ||
    !t.message ||
    typeof t.message !== 'object'
  )
    throw invalidParams('typed data needs types, primaryType, domain and message')
  const domain = (t.domain ?? {}) as Record<string, unknown>
  // Wallets receive chainId as a number, a decimal string or hex; viem wants a number.
  if (domain.chainId !== undefined && domain.chainId !== null) domain.chainId = Number(domain.chainId)
  return {
    domain,
    types: t.types as Record<string, unknown>,
    primaryType: t.primaryType,
    message: t.message as Record<string, unknown>,
  }
}
