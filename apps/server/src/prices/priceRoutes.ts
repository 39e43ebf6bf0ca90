import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { requireUsd } from '../balance/balanceRoutes.ts'
import { caipChainId, normalizeAddress, parseChainId, readFromChain, requireChain } from '../chains/chainParams.ts'
import type { Address, ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { type Issue, invalidRequest } from '../http/errors.ts'
import { isPlainObject } from '../projects/model.ts'
import type { PriceOracle } from './priceOracle.ts'

export const MAX_PRICE_ADDRESSES = 50

export interface PriceRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  prices: PriceOracle
}

/** One priced token in the answer of `POST /v1/fungible/price`. */
export interface Fungible {
  /** CAIP-10: `eip155:31337:0x…`, as asked. */
  address: string
  chainId: string
  name: string | null
  symbol: string | null
  decimals: number | null
  /** USD per whole token; null when no pool prices it or the address is not an ERC-20. */
  price: number | null
  iconUrl: string | null
}

/**
 * `POST /v1/fungible/price` with `{ projectId, currency: 'usd', addresses, chainId? }` → `{ fungibles }`, one per
 * address in the order asked. Addresses are CAIP-10 (`eip155:31337:0x…`) or bare when `chainId` is given;
 * `NATIVE_TOKEN_ADDRESS_EVM` (0xeeee…) prices the native currency.
 */
export function registerPriceRoutes(app: FoyerApp, deps: PriceRouteDeps) {
  app.post('/v1/fungible/price', deps.project, async (c) => {
    const body = c.get('body')
    if (!isPlainObject(body))
      throw invalidRequest([{ path: '', message: 'send a JSON body {projectId, currency, addresses}' }])
    requireUsd(body.currency)
    const defaultChain = body.chainId === undefined ? undefined : requireChain(deps.chains, body.chainId)
    const issues: Issue[] = []
    if (!Array.isArray(body.addresses) || body.addresses.length === 0 || body.addresses.length > MAX_PRICE_ADDRESSES) {
      throw invalidRequest([
        { path: 'addresses', message: `must be an array of 1 to ${MAX_PRICE_ADDRESSES} token addresses` },
      ])
    }
    const wanted: { chain: ChainConfig; address: Address }[] = []
    body.addresses.forEach((raw, i) => {
      const parsed = parseTokenId(raw)
      if (!parsed) {
        issues.push({
          path: `addresses[${i}]`,
          message: 'must be eip155:<chainId>:0x<40 hex> or an address with chainId set',
        })
        return
      }
      const chainId = parsed.chainId ?? defaultChain?.id
      if (chainId === undefined) {
        issues.push({ path: `addresses[${i}]`, message: 'names no chain: use eip155:<chainId>:0x… or send chainId' })
        return
      }
      const chain = deps.chains.find((ch) => ch.id === chainId)
      if (!chain) {
        issues.push({ path: `addresses[${i}]`, message: `chain eip155:${chainId} is not served by this server` })
        return
      }
      wanted.push({ chain, address: parsed.address })
    })
    if (issues.length) throw invalidRequest(issues)

    const fungibles = await Promise.all(
      wanted.map(({ chain, address }) =>
        readFromChain(chain, async (): Promise<Fungible> => {
          const [info, price] = await Promise.all([
            deps.prices.tokenInfo(chain, address),
            deps.prices.usdPrice(chain, address),
          ])
          return {
            address: `${caipChainId(chain)}:${info?.address ?? address}`,
            chainId: caipChainId(chain),
            name: info?.name ?? null,
            symbol: info?.symbol ?? null,
            decimals: info?.decimals ?? null,
            price: info ? price : null,
            iconUrl: null,
          }
        }),
      ),
    )
    c.header('Cache-Control', 'no-store')
    return c.json({ fungibles })
  })
}

/** `eip155:31337:0x…` → both parts; a bare `0x…` → the address only. */
function parseTokenId(value: unknown): { chainId?: number; address: Address } | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  if (parts.length === 1) {
    const address = normalizeAddress(parts[0])
    return address && { address }
  }
  if (parts.length !== 3 || parts[0] !== 'eip155') return undefined
  const chainId = parseChainId(parts[1])
  const address = normalizeAddress(parts[2])
  return chainId !== undefined && address ? { chainId, address } : undefined
}
