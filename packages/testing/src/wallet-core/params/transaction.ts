import { getAddress, hexToBigInt, isAddress, isHex } from 'viem'
import { invalidParams } from '../../errors.ts'

const quantity = (v: unknown, field: string): bigint | undefined => {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && isHex(v)) return hexToBigInt(v)
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v)
  throw invalidParams(`${field} must be a hex quantity`)
}

const TX_TYPES: Record<string, string> = { '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559', '0x4': 'eip7702' }

/** An `eth_sendTransaction` / `eth_signTransaction` object (hex quantities, 0x types) as viem's request. */
export function toViemTransaction(t: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (t.to !== undefined && t.to !== null) {
    if (typeof t.to !== 'string' || !isAddress(t.to, { strict: false })) throw invalidParams('to must be an address')
    out.to = getAddress(t.to)
  }
  if (t.data !== undefined || t.input !== undefined) {
    const data = t.data ?? t.input
    if (typeof data !== 'string' || !isHex(data)) throw invalidParams('data must be hex')
    out.data = data
  }
  const fields: [string, string][] = [
    ['value', 'value'],
    ['gas', 'gas'],
    ['gasLimit', 'gas'],
    ['gasPrice', 'gasPrice'],
    ['maxFeePerGas', 'maxFeePerGas'],
    ['maxPriorityFeePerGas', 'maxPriorityFeePerGas'],
  ]
  for (const [from, to] of fields) {
    const q = quantity(t[from], from)
    if (q !== undefined) out[to] = q
  }
  const nonce = quantity(t.nonce, 'nonce')
  if (nonce !== undefined) out.nonce = Number(nonce)
  if (Array.isArray(t.accessList)) out.accessList = t.accessList
  if (typeof t.type === 'string') {
    const type = TX_TYPES[t.type.toLowerCase()] ?? (Object.values(TX_TYPES).includes(t.type) ? t.type : undefined)
    if (type) out.type = type
  }
  if (out.type === undefined) {
    if (out.gasPrice !== undefined && out.maxFeePerGas === undefined) out.type = 'legacy'
    else if (out.maxFeePerGas !== undefined) out.type = 'eip1559'
  }
  if (out.to === undefined && out.data === undefined) throw invalidParams('a transaction needs "to" or "data"')
  return out
}
