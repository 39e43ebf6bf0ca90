/**
 * The stand-in's JSON-RPC errors (Solana's codes) and how it reads a call's params: addresses, signatures, slots,
 * config objects and encoded transactions. A bad param is a -32602 `SolanaRpcError`.
 */
import { type Address, getBase58Encoder, getBase64Encoder, isAddress } from '@solana/kit'
import { type DecodedTransaction, decodeWireTransaction, InvalidTransactionError } from './ledger.ts'

/** A JSON-RPC error with Solana's codes. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Solana: preflight simulation failed. */
  sendTransactionPreflightFailure: -32002,
  /** Solana: a signature did not verify. */
  signatureVerificationFailure: -32003,
  /** Solana: the transaction's version is above the client's maxSupportedTransactionVersion. */
  unsupportedTransactionVersion: -32015,
  /** Solana: no block (yet) at that slot. */
  blockNotAvailable: -32004,
  /** Solana: the slot was skipped (no block was made in it). */
  slotSkipped: -32007,
  /** Solana: minContextSlot is ahead of the node. */
  minContextSlotNotReached: -32016,
} as const

export const invalidParams = (message: string) =>
  new SolanaRpcError(RPC_ERROR.invalidParams, `Invalid params: ${message}`)

export type Params = unknown[]
export type Config = Record<string, unknown>

export function param(params: Params, index: number): unknown {
  return params[index]
}

export function address(params: Params, index: number, what = 'address'): Address {
  const value = param(params, index)
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`${what} must be a base58 address`)
  return value
}

export function config(params: Params, index: number): Config {
  const value = param(params, index)
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`argument ${index + 1} must be an object`)
  return value as Config
}

export function signatureParam(value: unknown, what = 'signature'): string {
  if (typeof value !== 'string') throw invalidParams(`${what} must be a base58 string`)
  try {
    if (getBase58Encoder().encode(value).length === 64) return value
  } catch {}
  throw invalidParams(`${what} must be a base58-encoded 64-byte signature`)
}

export function optionalInteger(cfg: Config, key: string, min: number, max: number): number | undefined {
  const value = cfg[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw invalidParams(`${key} must be an integer from ${min} to ${max}`)
  return value
}

export function wireBytes(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('the transaction must be an encoded string')
  const enc = encoding ?? 'base58'
  try {
    if (enc === 'base64') return Uint8Array.from(getBase64Encoder().encode(value))
    if (enc === 'base58') return Uint8Array.from(getBase58Encoder().encode(value))
  } catch {
    throw invalidParams(`the transaction is not valid ${enc}`)
  }
  throw invalidParams(`unsupported transaction encoding ${JSON.stringify(enc)}; use base58 or base64`)
}

export function decode(value: unknown, encoding: unknown): DecodedTransaction {
  const wire = wireBytes(value, encoding)
  try {
    return decodeWireTransaction(wire)
  } catch (err) {
    if (err instanceof InvalidTransactionError) throw invalidParams(err.message)
    throw err
  }
}

export function slotParam(params: Params, index: number, what: string): bigint {
  const value = param(params, index)
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidParams(`${what} must be a non-negative integer slot`)
  return BigInt(value)
}
