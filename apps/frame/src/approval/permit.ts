/**
 * Token spending permissions hidden in typed data: EIP-2612 `Permit` and Uniswap's Permit2 (`PermitSingle`,
 * `PermitBatch`, `PermitTransferFrom` and their batch / witness forms). Recognised by their exact field lists, so
 * each can be shown as what it is: who may spend how much of which token until when.
 */
import { type Address, getAddress, maxUint160 } from 'viem'
import type { TypedDataRequest, TypedField } from './typedData.ts'

export type Allowance = {
  token: Address | undefined
  spender: Address
  amount: bigint
  /** 2^160 - 1 or more: Permit2's "unlimited", and more than any token supply for EIP-2612. */
  unlimited: boolean
  /** Unix seconds. */
  until: bigint
}
export type PermitDescription = { standard: 'EIP-2612' | 'Permit2'; allowances: Allowance[] }

const PERMIT_2612: TypedField[] = [
  { name: 'owner', type: 'address' },
  { name: 'spender', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'nonce', type: 'uint256' },
  { name: 'deadline', type: 'uint256' },
]
const PERMIT_DETAILS: TypedField[] = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]
const TOKEN_PERMISSIONS: TypedField[] = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
]

type Message = Record<string, unknown>

/** `types[name]` has these fields (by name and type); `exact`: and no others. */
function hasFields(types: TypedDataRequest['types'], name: string, expected: TypedField[], exact = true): boolean {
  const fields = types[name]
  if (!fields || (exact && fields.length !== expected.length)) return false
  return expected.every((want) => fields.some((field) => field.name === want.name && field.type === want.type))
}

const allowance = (token: unknown, spender: unknown, amount: unknown, until: unknown): Allowance => {
  const value = BigInt(amount as string)
  return {
    token: token ? getAddress(token as string) : undefined,
    spender: getAddress(spender as string),
    amount: value,
    unlimited: value >= maxUint160,
    until: BigInt(until as string),
  }
}

/** The spending permission `typed` grants, or undefined when it is not one of the known permits. */
export function describePermit(typed: TypedDataRequest): PermitDescription | undefined {
  const { types, primaryType, message, domain } = typed
  const m = message as Message
  if (primaryType === 'Permit' && hasFields(types, 'Permit', PERMIT_2612)) {
    return { standard: 'EIP-2612', allowances: [allowance(domain.verifyingContract, m.spender, m.value, m.deadline)] }
  }
  const details = (d: unknown) => {
    const entry = d as Message
    return allowance(entry.token, m.spender, entry.amount, entry.expiration)
  }
  if (
    primaryType === 'PermitSingle' &&
    hasFields(types, 'PermitDetails', PERMIT_DETAILS) &&
    hasFields(types, 'PermitSingle', [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ])
  ) {
    return { standard: 'Permit2', allowances: [details(m.details)] }
  }
  if (
    primaryType === 'PermitBatch' &&
    hasFields(types, 'PermitDetails', PERMIT_DETAILS) &&
    hasFields(types, 'PermitBatch', [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ])
  ) {
    return { standard: 'Permit2', allowances: (m.details as unknown[]).map(details) }
  }
  // Signature transfers: PermitTransferFrom, PermitBatchTransferFrom and the *Witness* forms (extra witness field).
  if (
    /^Permit(Batch)?(Witness)?TransferFrom$/.test(primaryType) &&
    hasFields(types, 'TokenPermissions', TOKEN_PERMISSIONS)
  ) {
    const batch = primaryType.startsWith('PermitBatch')
    const base = [
      { name: 'permitted', type: batch ? 'TokenPermissions[]' : 'TokenPermissions' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ]
    if (!hasFields(types, primaryType, base, !primaryType.includes('Witness'))) return undefined
    const permitted = (batch ? (m.permitted as unknown[]) : [m.permitted]) as Message[]
    return {
      standard: 'Permit2',
      allowances: permitted.map((p) => allowance(p.token, m.spender, p.amount, m.deadline)),
    }
  }
  return undefined
}
