import { routes, type SolanaCaipChainId } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import { type SolanaChains, unknownSolanaChain } from '../balance/solanaBalances.ts'
import { type ImageBase, imageBaseOf } from '../catalogue/marks.ts'
import { requireChain } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest, forbidden } from '../http/errors.ts'
import { route } from '../http/route.ts'
import type { SolanaHistoryDb } from '../indexer/solana/solanaTables.ts'
import type { AccountHistoryDb } from '../indexer/tables.ts'
import { readOnrampHistory } from '../onramp/onrampHistory.ts'
import type { OnrampStore } from '../onramp/onrampStore.ts'
import { PURCHASE_SECRETS_HEADER, secretHashesOf } from '../onramp/purchaseAccess.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { readAccountHistory } from './accountHistory.ts'
import { readIndexedSolanaHistory, readSolanaHistoryThroughRpc } from './solanaHistory.ts'
import type { SpamList } from './spamList.ts'

export interface HistoryRouteDeps {
  chains: readonly ChainConfig[]
  project: MiddlewareHandler<AppEnv>
  db: AccountHistoryDb
  spam: SpamList
  prices: PriceOracle
  /** The on-ramp's purchases, for `onramp=<provider>` (without it that page is empty). */
  onramp?: OnrampStore
  /** FOYER_PUBLIC_URL: the base of the token icons' URLs. */
  publicUrl: string
  /** The Solana chains: the indexed local one, and public clusters read through their RPC. */
  solana?: SolanaChains
  solanaDb?: SolanaHistoryDb
  /** FOYER_RPC_TIMEOUT_MS, for a public cluster's RPC. */
  rpcTimeoutMs?: number
}

/**
 * `GET /v1/account/{account}/history?cursor&onramp&chainId&limit` → `{ data, next }` from the indexer's tables.
 * `onramp=<provider>` asks for the address's on-ramp purchases through that provider instead (onramp/onrampHistory.ts):
 * only the project's purchases whose secrets the request holds (`x-foyer-purchase-secrets`); without any, none.
 */
export function registerHistoryRoutes(app: FoyerApp, deps: HistoryRouteDeps) {
  route(app, routes.accountHistory, deps.project, async (c, request) => {
    if (!effectiveFeatures(c.get('project').features).history) {
      throw forbidden('feature_disabled', 'Transaction history is switched off for this project')
    }
    const { account } = request.params()
    const query = request.query()
    // A Solana chain, or no chain and an address that only Solana reads: the Solana chains answer.
    if (typeof query.chainId === 'string' || (query.chainId === undefined && !account.evm && !query.onramp)) {
      if (!account.solana)
        throw badRequest(
          'invalid_address',
          `The address must be a Solana address (base58 of a 32-byte key, 32 to 44 characters) for chain ${query.chainId}`,
        )
      c.header('Cache-Control', 'no-store')
      return readSolanaHistory(deps, account.solana, query.chainId, {
        cursor: query.cursor,
        limit: query.limit,
        images: imageBaseOf(c, deps.publicUrl),
      })
    }
    if (!account.evm)
      throw badRequest(
        'invalid_address',
        `The address must be an EVM address: 40 hex characters with an optional 0x prefix (chain eip155:${query.chainId} is an EVM chain)`,
      )
    const address = account.evm
    const chain = query.chainId === undefined ? undefined : requireChain(deps.chains, query.chainId)
    c.header('Cache-Control', 'no-store')
    const images = imageBaseOf(c, deps.publicUrl)
    if (query.onramp) {
      if (!deps.onramp) return { data: [], next: null }
      const page = await readOnrampHistory(deps.onramp, {
        projectId: c.get('project').id,
        secretHashes: secretHashesOf(c.req.header(PURCHASE_SECRETS_HEADER)),
        address,
        provider: query.onramp,
        chainId: chain?.id,
        cursor: query.cursor,
        limit: query.limit,
        images,
      })
      return page
    }
    const page = await readAccountHistory({
      db: deps.db,
      chains: deps.chains,
      spam: deps.spam,
      prices: deps.prices,
      images,
      address,
      chain,
      cursor: query.cursor,
      limit: query.limit,
    })
    return { data: page.data, next: page.next ?? null }
  })
}

/**
 * A Solana address's history: on one Solana chain (`chainId`), else on every indexed Solana chain. An indexed chain
 * answers from the database; a public cluster, asked by its chain id, through its RPC.
 */
async function readSolanaHistory(
  deps: HistoryRouteDeps,
  address: string,
  chainId: SolanaCaipChainId | undefined,
  page: { cursor?: string; limit?: number; images: ImageBase },
) {
  const served = deps.solana
    ? await deps.solana.list().catch((e: unknown) => {
        throw new ApiError(502, 'chain_unavailable', 'The Solana RPC endpoint did not answer; try again shortly', {
          cause: e,
        })
      })
    : []
  const chain = chainId === undefined ? undefined : served.find((s) => s.chainId === chainId)
  if (chainId !== undefined && !chain) throw unknownSolanaChain(chainId, served)
  if (chain && !chain.indexed) {
    const read = await readSolanaHistoryThroughRpc({
      chain,
      address,
      ...page,
      timeoutMs: deps.rpcTimeoutMs ?? 10_000,
    })
    return { data: read.data, next: read.next ?? null }
  }
  if (!deps.solanaDb) return { data: [], next: null }
  const read = await readIndexedSolanaHistory({
    db: deps.solanaDb,
    chains: chain ? [chain] : served.filter((s) => s.indexed),
    address,
    ...page,
  })
  return { data: read.data, next: read.next ?? null }
}
