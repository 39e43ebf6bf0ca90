import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import { purchaseSecretsHeader } from '../onramp/purchaseSecrets.ts'
import type {
  AccountHistoryQueryInput,
  AccountHistoryResponse,
  HistoryEntry,
  HistoryTransfer,
  OperationType,
} from '../protocol/accountData.ts'
import { accountHistory } from '../protocol/endpoints/accountData.ts'
import { TransactionHistoryError } from './accountDataErrors.ts'

/** What a transaction did for the account (`send`, `receive`, `trade`, …). */
export type TransactionOperationType = OperationType

/** A value movement in or out of the account within one transaction; the server's `HistoryTransfer`. */
export type TransactionTransfer = HistoryTransfer

/** One history entry: id, metadata {minedAt, chain, …}, transfers; the server's `HistoryEntry`. */
export type Transaction = HistoryEntry

export type FetchTransactionHistoryParameters = {
  address: string
  /** Only this network's entries (the connected one in the modal). */
  chainId?: CaipNetworkId
  /** From the previous page's `next`. */
  cursor?: string
  /** Only on-ramp purchases from this provider: the ones this page made (it sends the secrets it holds). */
  onramp?: string
  signal?: AbortSignal
}

/** `GET /v1/account/{account}/history`, as `@foyer/core/protocol` defines it. */
export type TransactionHistoryPage = AccountHistoryResponse

/**
 * One page of the account's history, newest first (`GET /v1/account/{account}/history`). Pass `next` back as
 * `cursor` for the following page; `next` is null on the last. Throws `TransactionHistoryError`
 * ("Failed to fetch transactions"), or `ClientNotSetError` without `apiUrl`.
 */
export async function fetchTransactionHistory(
  client: { api?: ApiClient },
  parameters: FetchTransactionHistoryParameters,
): Promise<TransactionHistoryPage> {
  const api = requireApi(client)
  try {
    const page = await api.call(
      accountHistory,
      {
        params: { account: parameters.address },
        query: {
          chainId: parameters.chainId,
          cursor: parameters.cursor,
          onramp: parameters.onramp,
        } satisfies AccountHistoryQueryInput,
      },
      { signal: parameters.signal, headers: parameters.onramp ? purchaseSecretsHeader(api, parameters.address) : {} },
    )
    return { data: page.data, next: page.next ?? null }
  } catch (error) {
    throw new TransactionHistoryError({ cause: error })
  }
}

export function transactionHistoryQueryKey({
  address,
  chainId,
}: Pick<FetchTransactionHistoryParameters, 'address' | 'chainId'>) {
  return ['foyer', 'accountData', address.toLowerCase(), 'transactionHistory', chainId ?? null] as const
}

/** True when every transfer of the entry is of a spam NFT: the modal hides such entries. */
export function isSpamOnlyTransaction(transaction: Pick<Transaction, 'transfers'>): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every((t) => t.nft_info?.flags.is_spam === true)
}

/** Groups entries by the month they were mined in (`YYYY-MM`, UTC), keeping their order. */
export function groupTransactionsByMonth<entry extends Pick<Transaction, 'metadata'>>(
  entries: readonly entry[],
): { month: string; entries: entry[] }[] {
  const groups: { month: string; entries: entry[] }[] = []
  for (const entry of entries) {
    const month = entry.metadata.minedAt.slice(0, 7)
    const group = groups.at(-1)
    if (group?.month === month) group.entries.push(entry)
    else groups.push({ month, entries: [entry] })
  }
  return groups
}
