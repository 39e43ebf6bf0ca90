import { accountNamesQueryKey } from '../names/fetchAccountNames.ts'
import type { QueryCache } from '../query/queryCache.ts'
import { identityQueryKey } from './fetchIdentity.ts'
import { accountDataQueryKey } from './fetchTokenBalances.ts'

/**
 * Drops from the query cache everything read for the account: its token balances, activity and purchases (under
 * `accountDataQueryKey`), its name and avatar, and the names it owns. Called when the account disconnects or the
 * wallet moves to another account, so the data of one never shows for the next and leaves memory at once.
 */
export function forgetAccountData(queries: Pick<QueryCache, 'remove'>, address: string) {
  queries.remove(accountDataQueryKey(address))
  queries.remove(identityQueryKey({ address }))
  queries.remove(accountNamesQueryKey({ address }))
}
