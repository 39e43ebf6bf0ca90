/** Accounts and permissions: what a site sees of the wallet's account, and connecting / disconnecting it. */
import { invalidParams } from '../../errors.ts'
import type { MethodHandlers } from './methodHandler.ts'

export const accountMethods: MethodHandlers = {
  eth_accounts: (wallet, { origin }) => wallet.accountsFor(origin),
  eth_coinbase: (wallet, { origin }) => wallet.accountsFor(origin)[0] ?? null,
  async eth_requestAccounts(wallet, { origin }) {
    if (!wallet.authorized.has(origin)) {
      wallet.prompt('connection request')
      await wallet.grant(origin)
    }
    return wallet.accountsFor(origin)
  },

  async wallet_requestPermissions(wallet, { origin, params }) {
    const wanted = params[0]
    if (!wanted || typeof wanted !== 'object' || !('eth_accounts' in wanted))
      throw invalidParams('wallet_requestPermissions expects [{ eth_accounts: {} }]')
    wallet.prompt('permission request')
    await wallet.grant(origin)
    return wallet.permissions(origin)
  },
  wallet_getPermissions: (wallet, { origin }) => wallet.permissions(origin),
  async wallet_revokePermissions(wallet, { origin, params }) {
    const wanted = params[0]
    if (wanted && typeof wanted === 'object' && !('eth_accounts' in wanted))
      throw invalidParams('wallet_revokePermissions expects [{ eth_accounts: {} }]')
    await wallet.revoke(origin)
    return null
  },
}
