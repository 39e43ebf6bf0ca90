import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import { parseAbi, zeroAddress } from 'viem'
import type { Address, ChainConfig } from '../config.ts'
import type { ChainClients } from '../chains/chainClients.ts'

export const NATIVE_ADDRESS = NATIVE_TOKEN_ADDRESS_EVM as Address

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
const erc20MetaAbi = parseAbi(['function symbol() view returns (string)', 'function name() view returns (string)', 'function decimals() view returns (uint8)'])

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
  now?: () => number
}

const SCALE = 10n ** 18n

/**
 * USD prices read from Uniswap V2 pools against the chain's USD stablecoin (`contracts.usd`): a token's price is
 * the USD reserve over its own reserve in the token/USD pool, or, without one, its price in WETH (token/WETH
 * pool) times WETH's. The native currency is priced as WETH. Prices are kept `ttlMs`; pair addresses for good.
 */
export class PriceOracle {
  readonly #clients: ChainClients
  readonly #ttlMs: number
  readonly #now: () => number
  readonly #prices = new Map<string, { expires: number; value: Promise<number | null> }>()
  readonly #pairs = new Map<string, Promise<Address | null>>()
  readonly #tokens = new Map<string, Promise<TokenInfo | null>>()

  constructor(clients: ChainClients, options: PriceOracleOptions = {}) {
    this.#clients = clients
    this.#ttlMs = options.ttlMs ?? 10_000
    this.#now = options.now ?? Date.now
  }

  /** USD price per whole token (null when no pool route exists); one entry per address, in order. */
  async usdPrices(chain: ChainConfig, addresses: readonly Address[], options: { fresh?: boolean } = {}): Promise<(number | null)[]> {
    return Promise.all(addresses.map((a) => this.usdPrice(chain, a, options)))
  }

  /** `fresh` skips the cached price (the new one is cached). */
  usdPrice(chain: ChainConfig, address: Address, { fresh = false } = {}): Promise<number | null> {
    const key = `${chain.id}:${address.toLowerCase()}`
    const cached = this.#prices.get(key)
    if (!fresh && cached && cached.expires > this.#now()) return cached.value
    const value = this.#readPrice(chain, address.toLowerCase() as Address)
    this.#prices.set(key, { expires: this.#now() + this.#ttlMs, value })
    // A failed read is not cached: the next request tries again.
    value.catch(() => this.#prices.get(key)?.value === value && this.#prices.delete(key))
    return value
  }

  /** Token metadata: the chain's token list, the native currency, else read from the contract (null when it is not an ERC-20). */
  tokenInfo(chain: ChainConfig, address: Address): Promise<TokenInfo | null> {
    const lower = address.toLowerCase() as Address
    if (lower === NATIVE_ADDRESS) {
      return Promise.resolve({ address: NATIVE_ADDRESS, symbol: chain.nativeSymbol, name: nativeName(chain), decimals: 18 })
    }
    const listed = chain.tokens.find((t) => t.address.toLowerCase() === lower)
    if (listed) return Promise.resolve({ address: listed.address, symbol: listed.symbol, name: listed.name, decimals: listed.decimals })
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
        () => null,
      )
      this.#tokens.set(key, info)
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
    const [inWeth, wethUsd] = await Promise.all([this.#priceIn(chain, token as Address, weth), this.#priceIn(chain, weth, usd)])
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
    const scaled = (reserveQuote * 10n ** BigInt(infoToken.decimals) * SCALE) / (reserveToken * 10n ** BigInt(infoQuote.decimals))
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
      // A pool may be created later, and a failed read may be a blip: keep only found pairs.
      pair.then(
        (p) => p === null && this.#pairs.delete(key),
        () => this.#pairs.delete(key),
      )
      this.#pairs.set(key, pair)
    }
    return pair
  }
}

export function nativeName(chain: ChainConfig): string {
  return chain.nativeSymbol === 'ETH' ? 'Ether' : chain.nativeSymbol
}
