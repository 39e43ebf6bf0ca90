import { HISTORY_PAGE_SIZE, type HistoryEntry, type HistoryTransfer, type OperationType } from '@foyer/core/protocol'
import { sql } from 'kysely'
import { formatUnits } from 'viem'
import { type ImageBase, listedTokenMarkUrl } from '../catalogue/marks.ts'
import type { Address, ChainConfig } from '../config.ts'
import { badRequest } from '../http/errors.ts'
import type { AccountHistoryDb, AccountHistoryTables } from '../indexer/tables.ts'
import { NATIVE_ADDRESS, nativeName, type PriceOracle } from '../prices/priceOracle.ts'
import type { SpamList } from './spamList.ts'

interface CursorKey {
  minedAt: number
  chainId: number
  block: number
  txIndex: number
}

/**
 * The latest block time a cursor may hold: the end of year 9999. A Date holds up to year 275760, but beyond 9999 it
 * prints as `+010000-…`, which the database does not read.
 */
const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
const MAX_INT4 = 2 ** 31 - 1

/** Cursors are opaque to clients: base64url of the last entry's sort key. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.minedAt, key.chainId, key.block, key.txIndex])).toString('base64url')
}

export function decodeCursor(value: string): CursorKey {
  const fail = () =>
    badRequest('invalid_cursor', 'The cursor is not one this server handed out; start again without it')
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) throw fail()
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    throw fail()
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every((n) => Number.isSafeInteger(n) && n >= 0))
    throw fail()
  const [minedAt, chainId, block, txIndex] = parsed as number[]
  // Each part must fit the column it is compared with: a timestamp the database reads, int4 chain id and position.
  if (minedAt! > MAX_DATE_MS || chainId! > MAX_INT4 || txIndex! > MAX_INT4) throw fail()
  return { minedAt: minedAt!, chainId: chainId!, block: block!, txIndex: txIndex! }
}

export interface ReadHistoryParameters {
  db: AccountHistoryDb
  chains: readonly ChainConfig[]
  spam: SpamList
  prices: PriceOracle
  /** Where the token icons' URLs point. */
  images: ImageBase
  address: Address
  /** One chain, or every chain. */
  chain?: ChainConfig
  cursor?: string
  limit?: number
}

/**
 * A page of an account's history, newest first (by block time, then chain, block and position), with a cursor
 * for the next page (`next`, undefined on the last page). Keyset paging: entries indexed while a client pages
 * appear on its next fresh load, never as a repeat or a gap.
 */
export async function readAccountHistory(p: ReadHistoryParameters): Promise<{ data: HistoryEntry[]; next?: string }> {
  const limit = p.limit ?? HISTORY_PAGE_SIZE
  const after = p.cursor ? decodeCursor(p.cursor) : undefined
  let query = p.db
    .selectFrom('account_history')
    .select(['chain_id', 'block_number', 'tx_index', 'tx_hash', 'mined_at'])
    .where('address', '=', p.address)
    .orderBy('mined_at', 'desc')
    .orderBy('chain_id', 'desc')
    .orderBy('block_number', 'desc')
    .orderBy('tx_index', 'desc')
    .limit(limit + 1)
  if (p.chain) query = query.where('chain_id', '=', p.chain.id)
  else if (p.chains.length)
    query = query.where(
      'chain_id',
      'in',
      p.chains.map((c) => c.id),
    )
  else return { data: [] }
  if (after) {
    const k = after
    query = query.where(
      sql<boolean>`(mined_at, chain_id, block_number, tx_index) < (${new Date(k.minedAt)}::timestamptz, ${k.chainId}::int, ${k.block}::int8, ${k.txIndex}::int)`,
    )
  }
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  if (page.length === 0) return { data: [] }

  const chainIds = [...new Set(page.map((r) => r.chain_id))]
  const hashes = [...new Set(page.map((r) => r.tx_hash))]
  // The block numbers narrow both reads to a handful of blocks through the (chain_id, block_number) indexes, whatever
  // the planner's statistics say (PGlite runs no autovacuum, so it often has none).
  const blocks = [...new Set(page.map((r) => r.block_number))]
  const [transactions, transfers, isSpam] = await Promise.all([
    p.db
      .selectFrom('chain_transactions')
      .selectAll()
      .where('chain_id', 'in', chainIds)
      .where('block_number', 'in', blocks)
      .where('hash', 'in', hashes)
      .execute(),
    p.db
      .selectFrom('chain_transfers')
      .selectAll()
      .where('chain_id', 'in', chainIds)
      .where('block_number', 'in', blocks)
      .where('tx_hash', 'in', hashes)
      .where((eb) => eb.or([eb('from_address', '=', p.address), eb('to_address', '=', p.address)]))
      .orderBy('transfer_index')
      .execute(),
    p.spam.snapshot(),
  ])
  const txOf = new Map(transactions.map((t) => [`${t.chain_id}:${t.hash}`, t]))
  const transfersOf = new Map<string, AccountHistoryTables['chain_transfers'][]>()
  for (const t of transfers) {
    const key = `${t.chain_id}:${t.tx_hash}`
    transfersOf.set(key, [...(transfersOf.get(key) ?? []), t])
  }

  const data: HistoryEntry[] = []
  for (const row of page) {
    const key = `${row.chain_id}:${row.tx_hash}`
    const tx = txOf.get(key)
    const chain = p.chains.find((c) => c.id === row.chain_id)
    if (!tx || !chain) continue
    const moves = await Promise.all(
      (transfersOf.get(key) ?? []).map((t) => describeTransfer(t, chain, p.address, p.prices, isSpam, p.images)),
    )
    data.push({
      id: `eip155:${row.chain_id}:${row.tx_hash}`,
      metadata: {
        operationType: operationTypeOf(tx, moves, p.address),
        hash: tx.hash,
        minedAt: new Date(row.mined_at).toISOString(),
        chain: `eip155:${row.chain_id}`,
        blockNumber: Number(row.block_number),
        sentFrom: tx.from_address,
        sentTo: tx.to_address,
        status: tx.status === 1 ? 'confirmed' : 'failed',
        nonce: Number(tx.nonce),
      },
      transfers: moves,
    })
  }
  const last = page.at(-1)!
  const next =
    rows.length > limit
      ? encodeCursor({
          minedAt: new Date(last.mined_at).getTime(),
          chainId: last.chain_id,
          block: Number(last.block_number),
          txIndex: last.tx_index,
        })
      : undefined
  return { data, next }
}

async function describeTransfer(
  t: AccountHistoryTables['chain_transfers'],
  chain: ChainConfig,
  account: string,
  prices: PriceOracle,
  isSpam: (chainId: number, address: string) => boolean,
  images: ImageBase,
): Promise<HistoryTransfer> {
  const direction =
    t.from_address === account && t.to_address === account ? 'self' : t.from_address === account ? 'out' : 'in'
  const base = { standard: t.standard, direction, sender: t.from_address, recipient: t.to_address } as const
  if (t.standard === 'erc721' || t.standard === 'erc1155') {
    const listed = chain.nfts.find((n) => n.address.toLowerCase() === t.token_address)
    return {
      ...base,
      quantity: { numeric: t.amount, raw: t.amount },
      nft_info: {
        address: t.token_address!,
        tokenId: t.token_id ?? '0',
        name: listed?.name || null,
        symbol: listed?.symbol || null,
        flags: { is_spam: isSpam(chain.id, t.token_address!) },
      },
    }
  }
  const token = t.standard === 'native' ? NATIVE_ADDRESS : (t.token_address as Address)
  const info =
    t.standard === 'native'
      ? { address: NATIVE_ADDRESS, name: nativeName(chain), symbol: chain.nativeSymbol, decimals: 18 }
      : await prices.tokenInfo(chain, token).catch(() => null)
  return {
    ...base,
    quantity: { numeric: info ? formatUnits(BigInt(t.amount), info.decimals) : t.amount, raw: t.amount },
    fungible_info: {
      address: token,
      name: info?.name ?? null,
      symbol: info?.symbol ?? null,
      decimals: info?.decimals ?? null,
      iconUrl: listedTokenMarkUrl(images, chain, token, info?.symbol),
    },
  }
}

const APPROVAL_SELECTORS = new Set(['0x095ea7b3', '0xa22cb465']) // approve(address,uint256), setApprovalForAll(address,bool)
const ZERO = '0x0000000000000000000000000000000000000000'

function operationTypeOf(
  tx: AccountHistoryTables['chain_transactions'],
  moves: HistoryTransfer[],
  account: string,
): OperationType {
  if (moves.length === 0) {
    if (tx.to_address === null) return 'deploy'
    if (tx.from_address === account && tx.selector && APPROVAL_SELECTORS.has(tx.selector)) return 'approve'
    return tx.from_address === account ? 'execute' : 'receive'
  }
  const out = moves.filter((m) => m.direction === 'out')
  const inn = moves.filter((m) => m.direction === 'in')
  const assetOf = (m: HistoryTransfer) => m.fungible_info?.address ?? `${m.nft_info?.address}:${m.nft_info?.tokenId}`
  if (out.length && inn.length && out.some((o) => inn.some((i) => assetOf(i) !== assetOf(o)))) return 'trade'
  if (inn.length && !out.length) return inn.every((m) => m.sender === ZERO) ? 'mint' : 'receive'
  return 'send'
}
