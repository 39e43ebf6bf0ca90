import { type Address, getAddress, type Hex, hexToBigInt, isAddress, isHex } from 'viem'
import { invalidParams } from '../../errors.ts'

/** One call of a `wallet_sendCalls` batch, as the wallet sends it. */
export interface WalletCall {
  to: Address
  data: Hex
  value: bigint
  capabilities?: unknown
}

/** The most calls one batch may hold. */
export const MAX_BATCH_CALLS = 32

/** The `calls` of a `wallet_sendCalls` request: each needs `to`; `data` and `value` are hex when given. */
export function parseCalls(calls: unknown): WalletCall[] {
  if (!Array.isArray(calls) || !calls.length) throw invalidParams('calls must be a non-empty array')
  if (calls.length > MAX_BATCH_CALLS)
    throw invalidParams(`a batch holds at most ${MAX_BATCH_CALLS} calls, not ${calls.length}`)
  return calls.map((raw, i) => {
    const c = raw as Record<string, unknown> | null
    if (!c || typeof c !== 'object') throw invalidParams(`calls[${i}] must be an object`)
    if (typeof c.to !== 'string' || !isAddress(c.to, { strict: false }))
      throw invalidParams(`calls[${i}].to must be an address`)
    if (c.data !== undefined && c.data !== null && (typeof c.data !== 'string' || !isHex(c.data)))
      throw invalidParams(`calls[${i}].data must be hex`)
    if (c.value !== undefined && c.value !== null && (typeof c.value !== 'string' || !isHex(c.value)))
      throw invalidParams(`calls[${i}].value must be a hex quantity`)
    return {
      to: getAddress(c.to),
      data: (c.data as Hex | undefined) ?? '0x',
      value: c.value ? hexToBigInt(c.value as Hex) : 0n,
      ...(c.capabilities !== undefined && { capabilities: c.capabilities }),
    }
  })
}
