import type { QueryCache } from '../query/queryCache.ts'

/**
 * Drops from the query cache everything read for the account: its token balances, activity and purchases
 * (`accountDataQueryKey`), its name and avatar (`identityQueryKey`) and the names it owns (`accountNamesQueryKey`).
 * Called when the account disconnects or the wallet moves to another account, so the data of one never shows for the
 * next and leaves memory at once. The prefixes are written out here rather than imported: this runs in the page's
 * entry, and the key functions' modules (with their fetch actions) belong to lazy views; the test holds them to the
 * key functions.
 */
export function forgetAccountData(queries: Pick<QueryCache, 'remove'>, address: string) {
  const id = address.toLowerCase()
  queries.remove(['foyer', 'accountData', id])
  queries.remove(['foyer', 'identity', id])
  queries.remove(['foyer', 'names', 'reverse', id])
}
