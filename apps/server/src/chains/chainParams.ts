import type { CaipChainId } from '@foyer/core/protocol'
import type { ChainConfig } from '../config.ts'
import { ApiError } from '../http/errors.ts'

/**
 * The configured chain a (parsed) `chainId` names: one that is not one of this server's chains → 400
 * `unknown_chain` listing the chains it does serve.
 */
export function requireChain(chains: readonly ChainConfig[], id: number): ChainConfig {
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
export const caipChainId = (chain: { id: number }): CaipChainId => `eip155:${chain.id}`

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
