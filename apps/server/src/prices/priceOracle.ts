import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import { LRUCache } from 'lru-cache'
import { parseAbi, zeroAddress } from 'viem'
import type { ChainClients } from '../chains/chainClients.ts'
import type { Address, ChainConfig } from '../config.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'

export const NATIVE_ADDRESS = NATIVE_TOKEN_ADDRESS_EVM as Address

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
const erc20MetaAbi = parseAbi([
  'function symbol() view returns (string)',
  'function name() view returns (string)',
  'function decimals() view returns (uint8)',
])

/** What the price and balance endpoints say about a token. */
export interface TokenInfo {
  address: Address
  symbol: string
  name: string
  decimals: number
}

export interface PriceOracleOptions {
  /** How long a price is reused, ms (default 10 s: pools move, but not every request needs a fresh read). */
  ttlMs?: number
  /** How long "no such token" / "no pool" is believed, ms (default 30 s: a pool may be created any time). */
  negativeTtlMs?: number
  /** How long token metadata and pool addresses are kept, ms (default 1 h: they practically never change). */
  metadataTtlMs?: number
  /** Bound on each cache (prices, pools, token metadata), entries; least recently used dropped first. */
  maxEntries?: number
  now?: () => number
}

const SCALE = 10n ** 18n

/**
 * USD prices read from Uniswap V2 pools against the chain's USD stablecoin (`contracts.usd`): a token's price is
 * the USD reserve over its own reserve in the token/USD pool, or, without one, its price in WETH (token/WETH
 * pool) times WETH's. The native currency is priced as WETH.
 *
 * Every cache is an LRU with a bound and an expiry, so a client asking for fresh random addresses cannot grow
 * memory: prices live `ttlMs`, negative answers (not a token, no pool) `negativeTtlMs`, metadata and found pools
 * `metadataTtlMs`. Failed reads (the node not answering) are never cached: the next request tries again.
 */
export class PriceOracle {
  readonly #clients: ChainClients
  readonly #ttlMs: number
  readonly #negativeTtlMs: number
  readonly #prices: LRUCache<string, Promise<number | null>>
  readonly #pairs: LRUCache<string, Promise<Address | null>>
  readonly #tokens: LRUCache<string, Promise<TokenInfo | null>>

  constructor(clients: ChainClients, options: PriceOracleOptions = {}) {
    this.#clients = clients
    this.#ttlMs = options.ttlMs ?? 10_000
    this.#negativeTtlMs = options.negativeTtlMs ?? 30_000
    const max = options.maxEntries ?? 10_000
    const metadataTtl = options.metadataTtlMs ?? 3_600_000
    const now = options.now ?? performance.now.bind(performance)
    // lru-cache reads time through `perf`; a test clock plugs in there.
    const perf = { now }
    this.#prices = new LRUCache({ max, ttl: this.#ttlMs, perf, ttlResolution: 0 })
    this.#pairs = new LRUCache({ max, ttl: metadataTtl, perf, ttlResolution: 0 })
    this.#tokens = new LRUCache({ max, ttl: metadataTtl, perf, ttlResolution: 0 })
  }

  /** How many entries each cache holds now (for tests and diagnostics). */
  cacheSizes(): { prices: number; pairs: number; tokens: number } {
    return { prices: this.#prices.size, pairs: this.#pairs.size, tokens: this.#tokens.size }
  }

  /** USD price per whole token (null when no pool route exists); one entry per address, in order. */
  async usdPrices(
    chain: ChainConfig,
    addresses: readonly Address[],
    options: { fresh?: boolean } = {},
  ): Promise<(number | null)[]> {
    return Promise.all(addresses.map((a) => this.usdPrice(chain, a, options)))
  }

  /** `fresh` skips the cached price (the new one is cached). */
  usdPrice(chain: ChainConfig, address: Address, { fresh = false } = {}): Promise<number | null> {
    const key = `${chain.id}:${address.toLowerCase()}`
    const cached = fresh ? undefined : this.#prices.get(key)
    if (cached) return cached
    const value = this.#readPrice(chain, address.toLowerCase() as Address)
    remember(this.#prices, key, value, { negativeTtlMs: Math.min(this.#ttlMs, this.#negativeTtlMs) })
    return value
  }

  /**
   * Token metadata: the chain's token list, the native currency, else read from the contract (null when the
   * address holds no ERC-20). Rejects when the node does not answer.
   */
  tokenInfo(chain: ChainConfig, address: Address): Promise<TokenInfo | null> {
    const lower = address.toLowerCase() as Address
    if (lower === NATIVE_ADDRESS) {
      return Promise.resolve({
        address: NATIVE_ADDRESS,
        symbol: chain.nativeSymbol,
        name: nativeName(chain),
        decimals: 18,
      })
    }
    const listed = chain.tokens.find((t) => t.address.toLowerCase() === lower)
    if (listed)
      return Promise.resolve({
        address: listed.address,
        symbol: listed.symbol,
        name: listed.name,
        decimals: listed.decimals,
      })
    const key = `${chain.id}:${lower}`
    let info = this.#tokens.get(key)
    if (!info) {
      const client = this.#clients.get(chain)
      info = Promise.all([
        client.readContract({ address: lower, abi: erc20MetaAbi, functionName: 'symbol' }),
        client.readContract({ address: lower, abi: erc20MetaAbi, functionName: 'name' }),
        client.readContract({ address: lower, abi: erc20MetaAbi, functionName: 'decimals' }),
      ]).then(
        ([symbol, name, decimals]) => ({ address: lower, symbol, name, decimals }),
        (error: unknown) => {
          // Reverts and empty answers mean "not an ERC-20"; a node that did not answer says nothing about the token.
          if (classifyChainError(error)?.status === 400) return null
          throw error
        },
      )
      remember(this.#tokens, key, info, { negativeTtlMs: this.#negativeTtlMs })
    }
    return info
  }

  async #readPrice(chain: ChainConfig, address: Address): Promise<number | null> {
    const { usd, weth, factory } = chain.contracts
    if (!usd || !factory) return null
    const token = address === NATIVE_ADDRESS ? weth?.toLowerCase() : address
    if (!token) return null
    if (token === usd.toLowerCase()) return 1
    const direct = await this.#priceIn(chain, token as Address, usd)
    if (direct !== null) return direct
    if (!weth || token === weth.toLowerCase()) return null
    const [inWeth, wethUsd] = await Promise.all([
      this.#priceIn(chain, token as Address, weth),
      this.#priceIn(chain, weth, usd),
    ])
    return inWeth === null || wethUsd === null ? null : inWeth * wethUsd
  }

  /** Price of one whole `token` in whole `quote` units from their pool; null without a pool or liquidity. */
  async #priceIn(chain: ChainConfig, token: Address, quote: Address): Promise<number | null> {
    const pair = await this.#pair(chain, token, quote)
    if (!pair) return null
    const [infoToken, infoQuote, reserves] = await Promise.all([
      this.tokenInfo(chain, token),
      this.tokenInfo(chain, quote),
      this.#clients.get(chain).readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    ])
    if (!infoToken || !infoQuote) return null
    const tokenIsZero = BigInt(token) < BigInt(quote)
    const [reserveToken, reserveQuote] = tokenIsZero ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]]
    if (reserveToken === 0n || reserveQuote === 0n) return null
    const scaled =
      (reserveQuote * 10n ** BigInt(infoToken.decimals) * SCALE) / (reserveToken * 10n ** BigInt(infoQuote.decimals))
    return Number(scaled) / 1e18
  }

  #pair(chain: ChainConfig, a: Address, b: Address): Promise<Address | null> {
    const key = `${chain.id}:${[a.toLowerCase(), b.toLowerCase()].sort().join(':')}`
    let pair = this.#pairs.get(key)
    if (!pair) {
      pair = this.#clients
        .get(chain)
        .readContract({ address: chain.contracts.factory!, abi: factoryAbi, functionName: 'getPair', args: [a, b] })
        .then((p) => (p === zeroAddress ? null : p))
      // A pool may be created later: "no pool" is believed only briefly.
      remember(this.#pairs, key, pair, { negativeTtlMs: this.#negativeTtlMs })
    }
    return pair
  }
}

/**
 * Caches a pending read: a null answer is kept only `negativeTtlMs`, a failure is dropped (only if the entry is
 * still this read, so a newer one is not removed).
 */
function remember<T>(
  cache: LRUCache<string, Promise<T | null>>,
  key: string,
  value: Promise<T | null>,
  { negativeTtlMs }: { negativeTtlMs: number },
) {
  cache.set(key, value)
  value.then(
    (result) => {
      if (result === null && cache.peek(key) === value) cache.set(key, value, { ttl: negativeTtlMs })
    },
    () => {
      if (cache.peek(key) === value) cache.delete(key)
    },
  )
}

export function nativeName(chain: ChainConfig): string {
  return chain.nativeSymbol === 'ETH' ? 'Ether' : chain.nativeSymbol
}
