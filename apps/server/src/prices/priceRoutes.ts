import { type Fungible, routes } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { imageBaseOf, listedTokenMarkUrl } from '../catalogue/marks.ts'
import { caipChainId, readFromChain, requireChain } from '../chains/chainParams.ts'
import type { Address, ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { type Issue, invalidRequest } from '../http/errors.ts'
import { route } from '../http/route.ts'
import type { PriceOracle } from './priceOracle.ts'

export interface PriceRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  prices: PriceOracle
  /** FOYER_PUBLIC_URL: the base of the icons' URLs. */
  publicUrl: string
}

/**
 * `POST /v1/fungible/price` with `{ projectId, currency: 'usd', addresses, chainId? }` → `{ fungibles }`, one per
 * address in the order asked. Addresses are CAIP-10 (`eip155:31337:0x…`) or bare when `chainId` is given;
 * `NATIVE_TOKEN_ADDRESS_EVM` (0xeeee…) prices the native currency.
 */
export function registerPriceRoutes(app: FoyerApp, deps: PriceRouteDeps) {
  route(app, routes.fungiblePrice, deps.project, async (c, request) => {
    const body = await request.body()
    const images = imageBaseOf(c, deps.publicUrl)
    const defaultChain = body.chainId === undefined ? undefined : requireChain(deps.chains, body.chainId)
    // Which chain each address is on is this server's business: the schema knows ids, not the chains served.
    const resolved = body.addresses.map((token, i) => chainOf(deps.chains, token, defaultChain, `addresses[${i}]`))
    const issues = resolved.filter((r): r is Issue => 'message' in r)
    if (issues.length) throw invalidRequest(issues)
    const wanted = resolved as { chain: ChainConfig; address: Address }[]

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
            iconUrl: info ? listedTokenMarkUrl(images, chain, info.address, info.symbol) : null,
          }
        }),
      ),
    )
    c.header('Cache-Control', 'no-store')
    return { fungibles }
  })
}

function chainOf(
  chains: readonly ChainConfig[],
  token: { chainId?: number; address: `0x${string}` },
  defaultChain: ChainConfig | undefined,
  path: string,
): { chain: ChainConfig; address: Address } | Issue {
  const chainId = token.chainId ?? defaultChain?.id
  if (chainId === undefined) return { path, message: 'names no chain: use eip155:<chainId>:0x… or send chainId' }
  const chain = chains.find((ch) => ch.id === chainId)
  if (!chain) return { path, message: `chain eip155:${chainId} is not served by this server` }
  return { chain, address: token.address as Address }
}
