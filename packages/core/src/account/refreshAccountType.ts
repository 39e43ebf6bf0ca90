import type { EmbeddedAccountType } from '../embedded/embeddedWallet.ts'
import type { Store } from '../store/createStore.ts'
import type { AccountState } from './account.ts'

/**
 * The action that puts an embedded wallet's account type on the account state: which account the person uses
 * (`preferredAccountType`), its accounts (`allAccounts`), and whether the smart account is deployed
 * (`smartAccountDeployed`, which the frame reads from the chain). Asked again whenever the balance is, since the
 * account's first user operation deploys it. `read` answers undefined when the connected wallet is not an embedded
 * one (a browser wallet is always its own key: the state says `eoa`). Only the latest read lands, and only for the
 * address it was asked for.
 */
export function createRefreshAccountType({
  store,
  read,
}: {
  store: Store<{ account: AccountState }>
  read(account: AccountState): Promise<EmbeddedAccountType | undefined> | undefined
}) {
  let latest = 0
  return async function refreshAccountType(): Promise<void> {
    const { account } = store.getState()
    if (!account.isConnected || !account.address) return
    const request = ++latest
    // A frame that cannot answer leaves the state as it was; the next refresh asks again.
    const type = await Promise.resolve(read(account)).catch(() => undefined)
    if (!type || request !== latest || store.getState().account.address !== account.address) return
    store.setState((s) => ({
      account: {
        ...s.account,
        preferredAccountType: type.preferredAccountType,
        smartAccountDeployed: type.smartAccountDeployed,
        allAccounts: type.accounts,
      },
    }))
  }
}
