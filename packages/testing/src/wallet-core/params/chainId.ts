import { type Hex, hexToNumber } from 'viem'
import { invalidParams } from '../../errors.ts'

/** A chain id as wallet methods carry it: a 0x-prefixed hexadecimal string of a positive safe integer. */
export function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) {
    const n = hexToNumber(value as Hex)
    if (Number.isSafeInteger(n) && n > 0) return n
  }
  throw invalidParams(`chainId must be a 0x-prefixed hexadecimal string, got ${JSON.stringify(value)}`)
}
