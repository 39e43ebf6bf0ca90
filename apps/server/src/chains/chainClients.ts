import { type Chain, createPublicClient, defineChain, type HttpTransport, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.ts'

/** FOYER_RPC_TIMEOUT_MS's default. */
export const DEFAULT_RPC_TIMEOUT_MS = 10_000

export type ChainClient = PublicClient<HttpTransport, Chain>

/**
 * One viem public client per configured chain, made on first use. JSON-RPC batching lets the reads of one request
 * (a balance per token, the reserves of every pool) share a round trip; no multicall contract is needed.
 */
export class ChainClients {
  readonly #clients = new Map<number, ChainClient>()
  readonly #timeoutMs: number

  /** `timeoutMs`: how long one JSON-RPC request may take before viem gives it up (and tries once more). */
  constructor({ timeoutMs = DEFAULT_RPC_TIMEOUT_MS }: { timeoutMs?: number } = {}) {
    this.#timeoutMs = timeoutMs
  }

  get(chain: ChainConfig): ChainClient {
    let client = this.#clients.get(chain.id)
    if (!client) {
      const viemChain = defineChain({
        id: chain.id,
        name: chain.name,
        nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      client = createPublicClient({
        chain: viemChain,
        transport: http(chain.rpcUrl, { batch: { wait: 0, batchSize: 200 }, timeout: this.#timeoutMs, retryCount: 1 }),
      }) as ChainClient
      this.#clients.set(chain.id, client)
    }
    return client
  }
}
