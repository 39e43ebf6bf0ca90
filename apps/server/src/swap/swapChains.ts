import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import { type Chain, createPublicClient, defineChain, type HttpTransport, http, type PublicClient } from 'viem'
import { DEFAULT_RPC_TIMEOUT_MS } from '../chains/chainClients.ts'
import type { Address, ChainConfig } from '../config.ts'

/** A token the swap API offers on a chain; the native currency uses `NATIVE_TOKEN_ADDRESS_EVM`. */
export interface SwapChainToken {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** One chain's swap routing: a Uniswap-V2-compatible router, its wrapped native token and the offered tokens. */
export interface SwapChain {
  chainId: number
  name: string
  rpcUrl: string
  router: Address
  weth: Address
  factory?: Address
  /** Native first, then the chain's listed tokens (the wrapped native token is left out: native stands for it). */
  tokens: SwapChainToken[]
  client: PublicClient<HttpTransport, Chain>
}

export const NATIVE_ADDRESS = NATIVE_TOKEN_ADDRESS_EVM as Address

export function isNative(address: string): boolean {
  return address.toLowerCase() === NATIVE_ADDRESS
}

/**
 * The swap API's per-chain configuration, taken from the server's chains (the devnet file locally; in
 * production a file of the same shape listing real RPC URLs, routers and token lists). A chain takes part only
 * when it names both a `router` and a `weth` contract.
 */
export function swapChainsFrom(
  chains: readonly ChainConfig[],
  { timeoutMs = DEFAULT_RPC_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Map<number, SwapChain> {
  const result = new Map<number, SwapChain>()
  for (const chain of chains) {
    const { router, weth, factory } = chain.contracts
    if (!router || !weth) continue
    const viemChain = defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    result.set(chain.id, {
      chainId: chain.id,
      name: chain.name,
      rpcUrl: chain.rpcUrl,
      router,
      weth,
      factory,
      tokens: [
        {
          address: NATIVE_ADDRESS,
          symbol: chain.nativeSymbol,
          name: chain.nativeSymbol === 'ETH' ? 'Ether' : chain.nativeSymbol,
          decimals: 18,
        },
        ...chain.tokens.filter((t) => t.address.toLowerCase() !== weth.toLowerCase()),
      ],
      // JSON-RPC batching: the reads of one quote (amounts out per route, reserves) share a round trip.
      client: createPublicClient({
        chain: viemChain,
        transport: http(chain.rpcUrl, { batch: { wait: 0 }, timeout: timeoutMs, retryCount: 1 }),
      }) as PublicClient<HttpTransport, Chain>,
    })
  }
  return result
}
