import type { AdapterBalance } from '../adapter/adapter.ts'
import { formatUnitsFloored } from '../format/format.ts'
import type { Logger } from '../logger.ts'
import { addressExplorerUrl, type CaipNetwork, type CaipNetworkId, type NetworkState } from '../networks/networks.ts'
import type { SnackbarMessage, SnackbarVariant } from '../snackbar/snackbar.ts'
import type { Store } from '../store/createStore.ts'
import type { AccountState } from './account.ts'

type BalanceSlices = { account: AccountState; network: NetworkState }

/**
 * The action that reads the connected account's balance on the selected network, over the chain's RPC, into the
 * store: the native balance, or the site's token there (`readBalance` decides; see the `tokens` option). Only the
 * latest read lands (an account or network change while one is on its way drops it).
 */
export function createRefreshBalance({
  store,
  networkById,
  readBalance,
  logger,
  showSnackbar,
}: {
  store: Store<BalanceSlices>
  networkById(id: CaipNetworkId): CaipNetwork | undefined
  readBalance(parameters: { address: string; network: CaipNetwork }): Promise<AdapterBalance>
  logger: Logger
  showSnackbar(variant: SnackbarVariant, message: SnackbarMessage): void
}) {
  let latest = 0
  /** `silent`: no loading state and no snackbar (a background re-read, e.g. account data watching for new transactions). */
  return async function refreshBalance({ silent = false }: { silent?: boolean } = {}) {
    const { account, network } = store.getState()
    const target = networkById(network.selectedNetworkId)
    if (!account.address || !target || network.unsupported) return
    if (silent && account.balanceLoading) return
    const request = ++latest
    if (!silent) store.setState((s) => ({ account: { ...s.account, balanceLoading: true } }))
    try {
      const balance = await readBalance({ address: account.address, network: target })
      if (request !== latest || store.getState().account.address !== account.address) return
      store.setState((s) => ({
        account: {
          ...s.account,
          balance: formatUnitsFloored(balance.value, balance.decimals, balance.decimals),
          balanceSymbol: balance.symbol,
          balanceLoading: false,
          addressExplorerUrl: addressExplorerUrl(target, account.address!),
        },
      }))
    } catch (error) {
      if (request !== latest) return
      logger.error('balance', error)
      if (silent) return
      store.setState((s) => ({ account: { ...s.account, balanceLoading: false } }))
      showSnackbar('error', { key: 'snackbar.failedToFetchTokenBalance' })
    }
  }
}
