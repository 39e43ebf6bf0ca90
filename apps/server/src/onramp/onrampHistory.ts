import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import type { AccountHistoryResponse, HistoryEntry } from '@foyer/core/protocol'
import { parseUnits } from 'viem'
import { type ImageBase, tokenMarkUrl } from '../catalogue/marks.ts'
import { badRequest } from '../http/errors.ts'
import type { OnrampStore, PurchaseRow } from './onrampStore.ts'

/**
 * `history?onramp=<provider>`: the address's purchases through that provider as history entries, newest first. A
 * purchase is a `receive` of the purchased token (one incoming transfer), with `onramp` naming the purchase; `metadata.status` is `confirmed` once the
 * token was sent (`completed`), `failed` when the payment failed, else `pending`; `onramp` carries the purchase's
 * own status. Until the token is sent there is no transaction: `hash` is empty and the id is `onramp:<purchase id>`.
 * Only the project's purchases whose secret hash is among `secretHashes` are listed (none without any): the address
 * is public, the purchases are the visitor's who made them.
 */
export async function readOnrampHistory(
  store: OnrampStore,
  {
    projectId,
    secretHashes,
    address,
    provider,
    chainId,
    cursor,
    limit,
    images,
  }: {
    /** Where the token icons' URLs point. */
    images: ImageBase
    projectId: string
    secretHashes: readonly string[]
    address: string
    provider: string
    chainId?: number
    cursor?: string
    limit: number
  },
): Promise<AccountHistoryResponse> {
  const before = cursor === undefined ? undefined : parseCursor(cursor)
  const network = chainId === undefined ? undefined : `eip155:${chainId}`
  const rows = await store.purchasesOf({ projectId, address, provider, secretHashes }, limit + 1, before, network)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    data: page.map((row) => toHistoryEntry(row, images)),
    next: rows.length > limit && last ? `p${last.seq}` : null,
  }
}

/** `p<seq>`: the last purchase of the previous page. */
function parseCursor(cursor: string): string {
  const match = /^p([1-9][0-9]{0,18})$/.exec(cursor)
  if (!match) throw badRequest('invalid_cursor', 'The cursor must be the `next` of the previous page')
  return match[1]!
}

export function toHistoryEntry(row: PurchaseRow, images: ImageBase): HistoryEntry {
  const native = row.token_address === NATIVE_TOKEN_ADDRESS_EVM
  const sender = `onramp:${row.provider}`
  return {
    id: row.tx_hash ? `${row.network}:${row.tx_hash}` : `onramp:${row.id}`,
    metadata: {
      operationType: 'receive',
      hash: row.tx_hash ?? '',
      minedAt: row.updated_at.toISOString(),
      chain: row.network as `eip155:${number}`,
      blockNumber: 0,
      sentFrom: sender,
      sentTo: row.address,
      status: row.status === 'completed' ? 'confirmed' : row.status === 'failed' ? 'failed' : 'pending',
      nonce: 0,
    },
    transfers: [
      {
        standard: native ? 'native' : 'erc20',
        direction: 'in',
        sender,
        recipient: row.address,
        quantity: {
          numeric: row.purchase_amount,
          raw: parseUnits(row.purchase_amount, row.token_decimals).toString(),
        },
        fungible_info: {
          address: row.token_address,
          name: null,
          symbol: row.purchase_currency,
          decimals: row.token_decimals,
          iconUrl: tokenMarkUrl(images, row.purchase_currency),
        },
      },
    ],
    onramp: {
      provider: row.provider,
      purchaseId: row.id,
      status: row.status,
      paymentCurrency: row.payment_currency,
      total: row.total,
    },
  }
}
