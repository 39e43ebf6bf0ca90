import { fetchIdentity, type Identity, identityQueryKey } from '../account-data/fetchIdentity.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'

/**
 * While a view shows the account (Account), reads its name and avatar from the Foyer server (`fetchIdentity`,
 * cached under `identityQueryKey`) into `account.profileName` / `profileImage`, so Account and the account button
 * show the name instead of the short address. Read again whenever the key is invalidated (a name was registered).
 * Nothing happens without `apiUrl` or for a non-EVM account; a failure is logged and the address stays. Returns a
 * stop function.
 */
export function watchAccountIdentity(
  client: Pick<FoyerClient, 'api' | 'queries' | 'store' | 'getState' | 'logger'>,
): () => void {
  const { account, network } = client.getState()
  const { address } = account
  // Foyer names belong to EVM accounts (the server's identity route takes an EVM address): another family's account
  // has none to read, and asking would only earn a 400.
  if (!address || !client.api || network.activeChain !== 'eip155') return () => {}
  const key = identityQueryKey({ address })
  const apply = () => {
    const state = client.queries.getState<Identity>(key)
    if (state.status !== 'success' || !state.data || client.getState().account.address !== address) return
    const { name, avatar } = state.data
    client.store.setState((s) => ({ account: { ...s.account, profileName: name, profileImage: avatar } }))
  }
  const unsubscribe = client.queries.subscribe(key, apply)
  apply()
  client.queries
    .fetch(key, ({ signal }) => fetchIdentity(client, { address, signal }))
    .catch((error: unknown) => client.logger.warn('identity', error))
  return unsubscribe
}
