/**
 * EIP-712 typed data from a site is untrusted input: it is parsed, its shape checked by viem (validateTypedData for
 * field values, hashTypedData for the type graph) before anything is shown, and a domain bound to another chain than
 * the wallet's is refused outright (a signature the person cannot see the real scope of).
 */
import { FrameHostError } from '@foyer/embedded/host'
import { type Address, getAddress, hashTypedData, type TypedDataDomain, validateTypedData } from 'viem'

export type TypedField = { name: string; type: string }
export type TypedDataRequest = {
  domain: TypedDataDomain
  types: Record<string, TypedField[]>
  primaryType: string
  message: Record<string, unknown>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function invalid(reason: string): never {
  throw new FrameHostError('invalid_request', `The typed data is not valid EIP-712: ${reason}`.slice(0, 300))
}

/** The domain's chain id as a number, or undefined when the domain names none. */
function domainChainId(domain: Record<string, unknown>): number | undefined {
  const raw = domain.chainId
  if (raw === undefined || raw === null) return undefined
  try {
    const value = BigInt(raw as string | number | bigint)
    if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) invalid('chainId is out of range')
    return Number(value)
  } catch (error) {
    if (error instanceof FrameHostError) throw error
    return invalid('chainId is not a number')
  }
}

/** Parses and checks `raw` (a JSON string or an object) for a signature on `walletChainId`. */
export function parseTypedData(raw: unknown, walletChainId: number): TypedDataRequest {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      invalid('not JSON')
    }
  }
  if (!isRecord(value)) return invalid('not an object')
  const { domain = {}, types, primaryType, message } = value
  if (!isRecord(domain) || !isRecord(types) || typeof primaryType !== 'string' || !isRecord(message))
    return invalid('domain, types, primaryType and message are required')
  for (const fields of Object.values(types)) {
    if (
      !Array.isArray(fields) ||
      !fields.every((f) => isRecord(f) && typeof f.name === 'string' && typeof f.type === 'string')
    )
      invalid('types must list { name, type } fields')
  }
  const chainId = domainChainId(domain)
  if (chainId !== undefined && chainId !== walletChainId) {
    throw new FrameHostError(
      'invalid_request',
      `The typed data is for chain ${chainId}, but the wallet is on chain ${walletChainId}`,
    )
  }
  const typed = {
    domain: { ...domain, ...(chainId !== undefined && { chainId }) },
    types,
    primaryType,
    message,
  } as TypedDataRequest
  try {
    validateTypedData(typed as never)
    hashTypedData(typed as never)
  } catch (error) {
    return invalid((error as { shortMessage?: string }).shortMessage ?? 'bad field values')
  }
  return typed
}

/** The domain as rows: what the signature is scoped to. */
export function domainFacts(domain: TypedDataDomain): {
  name?: string
  version?: string
  chainId?: number
  verifyingContract?: Address
} {
  return {
    ...(typeof domain.name === 'string' && { name: domain.name }),
    ...(typeof domain.version === 'string' && { version: domain.version }),
    ...(domain.chainId !== undefined && { chainId: Number(domain.chainId) }),
    ...(domain.verifyingContract && { verifyingContract: getAddress(domain.verifyingContract) }),
  }
}
