// A chunk of its own: loaded on the first read of a site's `tokens` option, after a connection, never with the page.
import type { AdapterBalance } from '@foyer/core'
import { type Address, erc20Abi } from 'viem'
import { readContract } from 'viem/actions'
import type { EvmPublicClient } from '../networks/publicClients.ts'

/** A token's decimals and symbol, read once per adapter, network and token (they do not change). */
export type TokenFacts = Map<string, Promise<{ decimals: number; symbol: string }>>

/**
 * The ERC-20 balance of `address` over the network's RPC (`balanceOf`), with the token's `decimals` and `symbol`
 * (read once, kept in `facts`; a failed read is forgotten so the next one asks again).
 */
export async function readTokenBalance(
  client: EvmPublicClient,
  { address, tokenAddress }: { address: string; tokenAddress: string },
  facts: TokenFacts,
): Promise<AdapterBalance> {
  const token = tokenAddress as Address
  const key = `${client.chain.id}:${token.toLowerCase()}`
  let known = facts.get(key)
  if (!known) {
    known = Promise.all([
      readContract(client, { address: token, abi: erc20Abi, functionName: 'decimals' }),
      readContract(client, { address: token, abi: erc20Abi, functionName: 'symbol' }),
    ]).then(([decimals, symbol]) => ({ decimals, symbol }))
    facts.set(key, known)
    known.catch(() => facts.delete(key))
  }
  const [value, { decimals, symbol }] = await Promise.all([
    readContract(client, { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] }),
    known,
  ])
  return { value, decimals, symbol }
}
