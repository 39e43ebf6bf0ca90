import type { Address, ChainConfig } from '../config.ts'
import { ApiError, badRequest } from '../http/errors.ts'

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
const CHAIN_ID_RE = /^(?:eip155:)?([1-9]\d{0,15})$/

/** `0xabc…` (40 hex, 0x optional as in the spec's validation rule) → lower-case `0x…`; undefined when malformed. */
export function normalizeAddress(value: unknown): Address | undefined {
  if (typeof value !== 'string') return undefined
  const withPrefix = value.startsWith('0x') || value.startsWith('0X') ? `0x${value.slice(2)}` : `0x${value}`
  return ADDRESS_RE.test(withPrefix) ? (withPrefix.toLowerCase() as Address) : undefined
}

/** An address path or query parameter: 400 `invalid_address` when malformed. */
export function requireAddress(value: string | undefined, name = 'address'): Address {
  const address = normalizeAddress(value)
  if (!address)
    throw badRequest(
      'invalid_address',
      `The ${name} must be an EVM address: 40 hex characters with an optional 0x prefix`,
    )
  return address
}

/** Parses `31337` or `eip155:31337`; undefined when malformed. */
export function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  const match = CHAIN_ID_RE.exec(value.trim())
  if (!match) return undefined
  const id = Number(match[1])
  return Number.isSafeInteger(id) ? id : undefined
}

/**
 * The configured chain a `chainId` parameter names. Malformed → 400 `invalid_chain_id`; well-formed but not one
 * of this server's chains → 400 `unknown_chain` listing the chains it does serve.
 */
export function requireChain(chains: readonly ChainConfig[], value: unknown, name = 'chainId'): ChainConfig {
  const id = parseChainId(value)
  if (id === undefined) {
    throw badRequest('invalid_chain_id', `The ${name} must be a chain id like 31337 or eip155:31337`)
  }
  const chain = chains.find((c) => c.id === id)
  if (!chain) {
    const served = chains.map((c) => `eip155:${c.id}`)
    throw new ApiError(
      400,
      'unknown_chain',
      `Chain eip155:${id} is not served by this Foyer server${served.length ? ` (it serves ${served.join(', ')})` : ' (no chains are configured)'}`,
      {
        details: { chainId: `eip155:${id}`, served },
      },
    )
  }
  return chain
}

/** The CAIP-2 id of a chain: `eip155:31337`. */
export const caipChainId = (chain: { id: number }) => `eip155:${chain.id}`

/** 502 `chain_unavailable`: the chain's RPC did not answer (the node's own message stays in the log). */
export function chainUnavailable(chain: ChainConfig, cause: unknown): ApiError {
  return new ApiError(
    502,
    'chain_unavailable',
    `The RPC endpoint of chain eip155:${chain.id} (${chain.name}) did not answer; try again shortly`,
    { cause },
  )
}

/** Runs a chain read, turning RPC failures into `chain_unavailable` (ApiErrors pass through). */
export async function readFromChain<T>(chain: ChainConfig, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (e) {
    if (e instanceof ApiError) throw e
    throw chainUnavailable(chain, e)
  }
}
