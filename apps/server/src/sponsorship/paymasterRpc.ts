/**
 * The JSON-RPC side of `POST /v1/paymaster` (ERC-7677): the request's schemas, and the answers' shape. A request
 * that is not JSON-RPC, or whose params are malformed, is a JSON-RPC error (HTTP 200), as a JSON-RPC client expects.
 */
import {
  ENTRY_POINT_V08,
  EVM_ADDRESS_PATTERN,
  PAYMASTER_METHODS,
  PAYMASTER_RPC_ERRORS,
  type PaymasterRpcResponse,
  type SponsorshipRefusal,
  type SponsorshipRefusalData,
} from '@foyer/core/protocol'
import * as v from 'valibot'
import type { Hex } from 'viem'
import { toIssues } from '../http/validate.ts'

const ADDRESS = 'a 0x-prefixed 20-byte address'
const QUANTITY = 'a hex quantity like "0x1a" (at most 32 bytes)'
const BYTES = 'hex bytes like "0x…"'

const address = v.pipe(v.string(ADDRESS), v.regex(EVM_ADDRESS_PATTERN, ADDRESS))
const quantity = v.pipe(v.string(QUANTITY), v.regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, QUANTITY))
const bytes = (max: number) =>
  v.pipe(
    v.string(BYTES),
    v.regex(/^0x([0-9a-fA-F]{2})*$/, BYTES),
    v.maxLength(2 + max * 2, `at most ${max} bytes of hex`),
  )
/** `factory` is a contract, or `0x7702` (an EIP-7702 account's marker). */
const factory = v.union(
  [address, v.literal('0x7702'), v.literal('0x7702000000000000000000000000000000000000')],
  ADDRESS,
)

/** An EntryPoint v0.7/v0.8 user operation as ERC-7677 passes it. Gas fields may be absent for the stub. */
export const RpcUserOperationSchema = v.object(
  {
    sender: address,
    nonce: quantity,
    factory: v.nullish(factory),
    factoryData: v.nullish(bytes(64 * 1024)),
    callData: bytes(128 * 1024),
    callGasLimit: v.optional(quantity),
    verificationGasLimit: v.optional(quantity),
    preVerificationGas: v.optional(quantity),
    maxFeePerGas: v.optional(quantity),
    maxPriorityFeePerGas: v.optional(quantity),
    paymaster: v.nullish(address),
    paymasterVerificationGasLimit: v.nullish(quantity),
    paymasterPostOpGasLimit: v.nullish(quantity),
    paymasterData: v.nullish(bytes(64 * 1024)),
    signature: v.optional(bytes(64 * 1024)),
    eip7702Auth: v.optional(v.unknown()),
  },
  'a user operation object (EntryPoint v0.7 fields)',
)
export type RpcUserOperationInput = v.InferOutput<typeof RpcUserOperationSchema>

const ENTRY_POINT = `the EntryPoint v0.8 address ${ENTRY_POINT_V08}`
const CHAIN_ID = 'a hex chain id like "0x7a69"'

/** `params`: `[userOp, entryPoint, chainId, context]` (context: any object or null, unread). */
export const PaymasterParamsSchema = v.tuple(
  [
    RpcUserOperationSchema,
    v.pipe(
      v.string(ENTRY_POINT),
      v.check((a) => a.toLowerCase() === ENTRY_POINT_V08.toLowerCase(), ENTRY_POINT),
    ),
    v.pipe(
      v.string(CHAIN_ID),
      v.regex(/^0x[1-9a-fA-F][0-9a-fA-F]{0,12}$/, CHAIN_ID),
      v.transform((hex) => Number.parseInt(hex.slice(2), 16)),
    ),
    v.optional(v.nullable(v.record(v.string(), v.unknown(), 'an object or null'))),
  ],
  'an array [userOperation, entryPoint, chainId, context]',
)

/** The JSON-RPC envelope: method checked apart, so an unknown one is "method not found". */
export const RpcRequestSchema = v.object({
  jsonrpc: v.literal('2.0', '"2.0"'),
  id: v.union([v.string(), v.number(), v.null()], 'a string, a number or null'),
  method: v.string('a method name'),
  params: v.optional(v.unknown()),
})

export type RpcId = string | number | null

export function isPaymasterMethod(method: string): method is (typeof PAYMASTER_METHODS)[number] {
  return (PAYMASTER_METHODS as readonly string[]).includes(method)
}

/** A JSON-RPC error answer. */
export function rpcError(
  id: RpcId,
  code: number,
  message: string,
  data?: SponsorshipRefusalData | { issues: unknown },
): PaymasterRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data ? { data } : {}) } }
}

/** Params that do not read: invalid params, with each problem. */
export function invalidParams(id: RpcId, issues: v.BaseIssue<unknown>[], message = 'Invalid params') {
  const list = toIssues(issues)
  return rpcError(
    id,
    PAYMASTER_RPC_ERRORS.invalidParams,
    `${message}: ${list.map((i) => `${i.path || 'params'}: ${i.message}`).join('; ')}`,
    { issues: list },
  )
}

/** A refusal of the project's policy, thrown by the checks and answered as a JSON-RPC error. */
export class SponsorshipRefused extends Error {
  constructor(
    readonly reason: SponsorshipRefusal,
    message: string,
    readonly details: Omit<SponsorshipRefusalData, 'reason'> = {},
  ) {
    super(message)
    this.name = 'SponsorshipRefused'
  }
}

export const toHexQuantity = (n: bigint): Hex => `0x${n.toString(16)}`
