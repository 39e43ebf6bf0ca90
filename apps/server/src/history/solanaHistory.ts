/**
 * An account's history on Solana chains, in the EVM history's shape (`HistoryEntry`): from the Solana indexer's
 * tables for the chains it follows, or read through a public cluster's RPC (`getSignaturesForAddress`, then
 * `getTransaction` for each signature) for the clusters the operator configured, which are not indexed.
 */
import { HISTORY_PAGE_SIZE, type HistoryEntry, type HistoryTransfer, type OperationType } from '@foyer/core/protocol'
import { sql } from 'kysely'
import { formatUnits } from 'viem'
import { callSolana, type SolanaChain, solanaChainUnavailable } from '../balance/solanaBalances.ts'
import { type ImageBase, tokenMarkUrl } from '../catalogue/marks.ts'
import { badRequest } from '../http/errors.ts'
import { jsonRpcBatchClient } from '../indexer/chain/jsonRpcBatch.ts'
import {
  decodeSolanaTransaction,
  type RpcSolanaTransaction,
  SOL_DECIMALS,
} from '../indexer/solana/decodeSolanaTransaction.ts'
import type { SolanaHistoryDb, SolanaHistoryTables } from '../indexer/solana/solanaTables.ts'

/** The native currency's placeholder address on Solana (as core's `NATIVE_TOKEN_ADDRESS_SOLANA`). */
export const SOL_ADDRESS = 'So11111111111111111111111111111111111111111'
const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

type Page = { data: HistoryEntry[]; next?: string }
type TransactionRow = SolanaHistoryTables['solana_transactions']
type TransferRow = SolanaHistoryTables['solana_transfers']

/**
 * Cursors, opaque to clients: base64url JSON of the indexed page's last sort key (`["s", time, chain, slot,
 * position]`), or of a read-through page's last signature (`["r", signature]`, the next `before`).
 */
type SolanaCursor =
  | { kind: 'indexed'; blockTime: number; chain: string; slot: number; txIndex: number }
  | { kind: 'rpc'; before: string }

export function encodeSolanaCursor(c: SolanaCursor): string {
  const parts = c.kind === 'indexed' ? ['s', c.blockTime, c.chain, c.slot, c.txIndex] : ['r', c.before]
  return Buffer.from(JSON.stringify(parts)).toString('base64url')
}

export function decodeSolanaCursor(value: string): SolanaCursor {
  const fail = () =>
    badRequest('invalid_cursor', 'The cursor is not one this server handed out; start again without it')
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(value)) throw fail()
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    throw fail()
  }
  if (!Array.isArray(parts)) throw fail()
  const int = (n: unknown, max = Number.MAX_SAFE_INTEGER) =>
    Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max
  const base58 = (t: unknown, min: number, max: number) =>
    typeof t === 'string' && t.length >= min && t.length <= max && /^[1-9A-HJ-NP-Za-km-z]+$/.test(t)
  if (parts[0] === 's' && parts.length === 5) {
    const [, blockTime, chain, slot, txIndex] = parts
    if (
      int(blockTime, MAX_DATE_MS) &&
      typeof chain === 'string' &&
      /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(chain) &&
      int(slot) &&
      int(txIndex, 2 ** 31 - 1)
    )
      return {
        kind: 'indexed',
        blockTime: blockTime as number,
        chain,
        slot: slot as number,
        txIndex: txIndex as number,
      }
  }
  if (parts[0] === 'r' && parts.length === 2 && base58(parts[1], 64, 88)) return { kind: 'rpc', before: parts[1] }
  throw fail()
}

/** A page of the account's history on indexed Solana chains, newest first (block time, chain, slot, position). */
export async function readIndexedSolanaHistory(p: {
  db: SolanaHistoryDb
  chains: readonly SolanaChain[]
  address: string
  cursor?: string
  limit?: number
  images: ImageBase
}): Promise<Page> {
  const limit = p.limit ?? HISTORY_PAGE_SIZE
  const after = p.cursor ? decodeSolanaCursor(p.cursor) : undefined
  if (after && after.kind !== 'indexed') throw decodeSolanaCursorFailure()
  if (p.chains.length === 0) return { data: [] }
  let query = p.db
    .selectFrom('solana_account_history')
    .select(['chain', 'slot', 'tx_index', 'signature', 'block_time'])
    .where('address', '=', p.address)
    .where(
      'chain',
      'in',
      p.chains.map((c) => c.chainId),
    )
    .orderBy('block_time', 'desc')
    .orderBy('chain', 'desc')
    .orderBy('slot', 'desc')
    .orderBy('tx_index', 'desc')
    .limit(limit + 1)
  if (after?.kind === 'indexed')
    query = query.where(
      sql<boolean>`(block_time, chain, slot, tx_index) < (${new Date(after.blockTime)}::timestamptz, ${after.chain}::text, ${after.slot}::int8, ${after.txIndex}::int)`,
    )
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  if (page.length === 0) return { data: [] }
  const chainIds = [...new Set(page.map((r) => r.chain))]
  const slots = [...new Set(page.map((r) => r.slot))]
  const signatures = [...new Set(page.map((r) => r.signature))]
  const [transactions, transfers] = await Promise.all([
    p.db
      .selectFrom('solana_transactions')
      .selectAll()
      .where('chain', 'in', chainIds)
      .where('slot', 'in', slots)
      .where('signature', 'in', signatures)
      .execute(),
    p.db
      .selectFrom('solana_transfers')
      .selectAll()
      .where('chain', 'in', chainIds)
      .where('slot', 'in', slots)
      .where('signature', 'in', signatures)
      .where((eb) => eb.or([eb('from_address', '=', p.address), eb('to_address', '=', p.address)]))
      .orderBy('transfer_index')
      .execute(),
  ])
  const data: HistoryEntry[] = []
  for (const row of page) {
    const tx = transactions.find((t) => t.chain === row.chain && t.signature === row.signature)
    const chain = p.chains.find((c) => c.chainId === row.chain)
    if (!tx || !chain) continue
    const moves = transfers.filter((t) => t.chain === row.chain && t.signature === row.signature)
    data.push(solanaHistoryEntry(chain, tx, moves, p.address, p.images))
  }
  const last = page.at(-1)!
  const next =
    rows.length > limit
      ? encodeSolanaCursor({
          kind: 'indexed',
          blockTime: new Date(last.block_time).getTime(),
          chain: last.chain,
          slot: Number(last.slot),
          txIndex: last.tx_index,
        })
      : undefined
  return { data, next }
}

const decodeSolanaCursorFailure = () =>
  badRequest('invalid_cursor', 'The cursor is not one this server handed out; start again without it')

/**
 * A page of the account's history on a public cluster, read through its RPC: the account's signatures, newest first
 * (`before` the cursor), then each transaction, decoded as the indexer decodes them. A Solana node lists the
 * signatures that name the address itself, so SPL tokens sent to the account's token accounts show only where the
 * transaction also names the owner (as the associated-token-account creation does); a page may then hold fewer
 * entries than `limit` while `next` still leads on.
 */
export async function readSolanaHistoryThroughRpc(p: {
  chain: SolanaChain
  address: string
  cursor?: string
  limit?: number
  images: ImageBase
  timeoutMs: number
}): Promise<Page> {
  const limit = p.limit ?? HISTORY_PAGE_SIZE
  const after = p.cursor ? decodeSolanaCursor(p.cursor) : undefined
  if (after && after.kind !== 'rpc') throw decodeSolanaCursorFailure()
  try {
    const signatures = await callSolana<{ signature: string; slot: number; blockTime: number | null }[]>(
      p.chain.rpcUrl,
      'getSignaturesForAddress',
      [p.address, { limit: limit + 1, commitment: 'confirmed', ...(after ? { before: after.before } : {}) }],
      p.timeoutMs,
    )
    const page = signatures.slice(0, limit)
    const rpc = jsonRpcBatchClient(p.chain.rpcUrl, { timeoutMs: p.timeoutMs })
    const transactions = await rpc.batch<(RpcSolanaTransaction & { slot: number; blockTime: number | null }) | null>(
      page.map((s) => ({
        method: 'getTransaction',
        params: [s.signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
      })),
    )
    const data: HistoryEntry[] = []
    transactions.forEach((tx, i) => {
      if (!tx) return
      const time = new Date((tx.blockTime ?? page[i]!.blockTime ?? Date.now() / 1000) * 1000)
      const rows = decodeSolanaTransaction(p.chain.chainId, tx.slot, 0, time, tx)
      if (!rows) return
      const moves = rows.transfers.filter((t) => t.from_address === p.address || t.to_address === p.address)
      // As the index keeps it: the transactions the account paid for or moved value in (not every one that names it,
      // such as the creation of its token account by someone else).
      if (moves.length === 0 && rows.transaction.fee_payer !== p.address) return
      data.push(solanaHistoryEntry(p.chain, rows.transaction, moves, p.address, p.images))
    })
    const next =
      signatures.length > limit ? encodeSolanaCursor({ kind: 'rpc', before: page.at(-1)!.signature }) : undefined
    return { data, next }
  } catch (error) {
    throw solanaChainUnavailable(p.chain, error)
  }
}

/** One transaction as `account` saw it. */
function solanaHistoryEntry(
  chain: SolanaChain,
  tx: TransactionRow,
  transfers: readonly TransferRow[],
  account: string,
  images: ImageBase,
): HistoryEntry {
  const moves = transfers.map((t) => describeSolanaTransfer(t, chain, account, images))
  return {
    id: `${chain.chainId}:${tx.signature}`,
    metadata: {
      operationType: operationTypeOf(tx, moves, account),
      hash: tx.signature,
      minedAt: new Date(tx.block_time).toISOString(),
      chain: chain.chainId,
      blockNumber: Number(tx.slot),
      sentFrom: tx.fee_payer,
      sentTo: moves[0]?.recipient ?? null,
      status: tx.status === 1 ? 'confirmed' : 'failed',
      nonce: 0,
    },
    transfers: moves,
  }
}

function describeSolanaTransfer(
  t: TransferRow,
  chain: SolanaChain,
  account: string,
  images: ImageBase,
): HistoryTransfer {
  const direction =
    t.from_address === account && t.to_address === account ? 'self' : t.from_address === account ? 'out' : 'in'
  const known = t.mint ? chain.mints.find((m) => m.address === t.mint) : undefined
  const fungible =
    t.standard === 'native'
      ? {
          address: SOL_ADDRESS,
          name: 'Solana',
          symbol: 'SOL',
          decimals: SOL_DECIMALS,
          iconUrl: tokenMarkUrl(images, 'SOL'),
        }
      : {
          address: t.mint!,
          name: known ? known.name || known.symbol : null,
          symbol: known?.symbol ?? null,
          decimals: t.decimals,
          iconUrl: known ? tokenMarkUrl(images, known.symbol) : null,
        }
  return {
    standard: t.standard,
    direction,
    sender: t.from_address,
    recipient: t.to_address,
    quantity: { numeric: formatUnits(BigInt(t.amount), t.decimals), raw: String(t.amount) },
    fungible_info: fungible,
  }
}

function operationTypeOf(tx: TransactionRow, moves: HistoryTransfer[], account: string): OperationType {
  if (moves.length === 0) return tx.fee_payer === account ? 'execute' : 'receive'
  const out = moves.filter((m) => m.direction === 'out')
  const inn = moves.filter((m) => m.direction === 'in')
  const asset = (m: HistoryTransfer) => m.fungible_info?.address
  if (out.length && inn.length && out.some((o) => inn.some((i) => asset(i) !== asset(o)))) return 'trade'
  if (inn.length && !out.length) return 'receive'
  return 'send'
}
