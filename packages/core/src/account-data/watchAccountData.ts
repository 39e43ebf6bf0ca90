import type { FoyerState } from '../client/state.ts'
import type { QueryCache } from '../query/queryCache.ts'
import type { Store } from '../store/createStore.ts'
import { accountDataQueryKey } from './fetchTokenBalances.ts'

/** While the Account view is open, the native balance is re-read this often (ms) to notice new transactions. */
export const ACCOUNT_DATA_POLL_MS = 4000

type WatchedClient = {
  store: Pick<Store<FoyerState>, 'getState' | 'subscribe'>
  queries: Pick<QueryCache, 'invalidate'>
  refreshBalance(options?: { silent?: boolean }): Promise<void>
}

/**
 * Marks every account-data query of the account (token balances, activity) stale, so what shows refetches.
 * Call it after a transaction the site or a view sent (`invalidateAccountData(client)`).
 */
export function invalidateAccountData(
  client: Pick<WatchedClient, 'store' | 'queries'>,
  address = client.store.getState().account.address,
) {
  client.queries.invalidate(accountDataQueryKey(address))
}

/**
 * Keeps account data fresh while a view shows it: re-reads the native balance over the chain's RPC every
 * `intervalMs` (silently, without a loading state) and, whenever the balance of the same account on the same
 * network changes — any transaction of the user costs gas, any payment adds — invalidates the account's data.
 * Returns a stop function.
 */
export function watchAccountData(client: WatchedClient, { intervalMs = ACCOUNT_DATA_POLL_MS } = {}): () => void {
  const unsubscribe = client.store.subscribe((state, previous) => {
    const now = state.account
    const before = previous.account
    if (
      now.address &&
      now.address === before.address &&
      state.network.selectedNetworkId === previous.network.selectedNetworkId &&
      before.balance !== undefined &&
      now.balance !== before.balance
    ) {
      invalidateAccountData(client, now.address)
    }
  })
  const timer = setInterval(() => void client.refreshBalance({ silent: true }).catch(() => {}), intervalMs)
  return () => {
    unsubscribe()
    clearInterval(timer)
  }
}
