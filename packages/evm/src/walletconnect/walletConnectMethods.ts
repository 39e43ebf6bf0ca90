/**
 * What the WalletConnect session proposal asks of a wallet. Only the lazily loaded session (`walletConnectSession.ts`)
 * and the package's public exports import this module, never the connector shell the page holds: the lists travel
 * with the SDK's chunk, after the click.
 *
 * The proposal puts every method in its optional namespace (the SDK treats required namespaces as deprecated and
 * moves them there anyway): a wallet approves the ones it supports and connects whatever it leaves out. A wallet
 * without EIP-5792 call batches therefore connects as before; the SDK then refuses those three methods on the site's
 * side without asking it, the adapter reads that as "no atomic batches", and a swap sends its approval and the swap
 * as two transactions.
 */

/**
 * EIP-5792 call batches: the wallet's capabilities (`atomic`), sending a batch, and its status. The SDK answers
 * `wallet_getCapabilities` from the session itself when the wallet put its capabilities there (CAIP-25
 * `sessionProperties` for every chain, `scopedProperties` per chain or account), else it asks the wallet.
 */
export const WALLETCONNECT_CALL_BATCH_METHODS = [
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const

/** The methods asked of the wallet in the session proposal, all optional. */
export const WALLETCONNECT_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  ...WALLETCONNECT_CALL_BATCH_METHODS,
] as const
