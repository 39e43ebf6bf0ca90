// A chunk of its own, loaded on the first read of a site's `tokens` option (after a connection), never with the page.
// It imports nothing at run time but Foyer's error: a lazy chunk that shares viem modules with the page's entry makes the bundler
// split those out of the entry into small chunks fetched at start (see `transactions/sendingChunk.ts`): viem's ABI
// coder here turned the minimal site's 3 files before any click into 6 to 11, up to 3 KB gzip more. The three calls
// have fixed shapes, encoded and their answers checked here.
import { TokenBalanceError } from '@foyer/core'
import type { AdapterBalance } from '@foyer/core/internal'
import type { Address, Hex } from 'viem'
import type { EvmPublicClient } from '../networks/publicClients.ts'

/** A token's decimals and symbol, read once per adapter, network and token (they do not change). */
export type TokenFacts = Map<string, Promise<{ decimals: number; symbol: string }>>

/** The ERC-20 function selectors (the first 4 bytes of the keccak-256 of each signature). */
const selectors = { balanceOf: '0x70a08231', decimals: '0x313ce567', symbol: '0x95d89b41' } as const

/** An answer that is not what the function returns (no contract there, or not an ERC-20). */
const notErc20 = (details: string) => new TokenBalanceError({ details })

/** One read-only call of the token at the latest block; the answer's 32-byte words, as hex without `0x`. */
async function call(client: EvmPublicClient, token: Address, data: Hex): Promise<string[]> {
  const result = await client.request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] })
  const hex = typeof result === 'string' ? result.slice(2) : ''
  if (!/^(?:[0-9a-fA-F]{64})+$/.test(hex)) throw notErc20(`Not an ERC-20 answer from ${token}: ${result}`)
  return hex.match(/.{64}/g)!
}

/** A `uint` word, checked to fit `bits`. Checked against viem's decoder in readTokenBalance.differential.test.ts. */
export function decodeUint(word: string | undefined, bits: number): bigint {
  const value = word === undefined ? -1n : BigInt(`0x${word}`)
  if (value < 0n || value >> BigInt(bits) !== 0n) throw notErc20(`Not a uint${bits}: ${word}`)
  return value
}

/**
 * The symbol: an ABI `string` (offset, length, bytes), or a `bytes32` padded with zeros from tokens older than the
 * standard's final form. Decoded as UTF-8; at most 64 bytes. Checked against viem's decoder in
 * readTokenBalance.differential.test.ts.
 */
export function decodeSymbol(words: string[]): string {
  let bytes: string
  if (words.length === 1) bytes = words[0]!.replace(/(?:00)+$/, '')
  else {
    const offset = Number(decodeUint(words[0], 16)) / 32
    const length = Number(decodeUint(words[offset], 16))
    bytes = words
      .slice(offset + 1)
      .join('')
      .slice(0, length * 2)
    if (!Number.isInteger(offset) || length > 64 || bytes.length !== length * 2) throw notErc20('Not an ABI string')
  }
  const octets = new Uint8Array(bytes.length / 2).map((_, i) => Number.parseInt(bytes.slice(i * 2, i * 2 + 2), 16))
  return new TextDecoder().decode(octets)
}

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
    known = Promise.all([call(client, token, selectors.decimals), call(client, token, selectors.symbol)]).then(
      ([decimals, symbol]) => ({ decimals: Number(decodeUint(decimals[0], 8)), symbol: decodeSymbol(symbol) }),
    )
    facts.set(key, known)
    known.catch(() => facts.delete(key))
  }
  const account = address.toLowerCase().replace(/^0x/, '').padStart(64, '0')
  const [balance, { decimals, symbol }] = await Promise.all([
    call(client, token, `${selectors.balanceOf}${account}`),
    known,
  ])
  return { value: decodeUint(balance[0], 256), decimals, symbol }
}
