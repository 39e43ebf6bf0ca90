import type { WalletConnectSolanaNetwork } from './walletConnectProtocol.ts'

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

/**
 * The Solana methods asked of the wallet when the site has Solana networks (WalletConnect's Solana RPC: messages
 * in base58, transactions in base64, signatures back in base58). With them, a wallet that holds Solana keys
 * connects on both families in one pairing.
 */
export const WALLETCONNECT_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

/** The EVM events the session follows. Solana has none: its account and cluster are fixed by the session. */
export const WALLETCONNECT_EVENTS = ['chainChanged', 'accountsChanged'] as const

/**
 * The proposal's namespaces, all optional: `eip155` for the site's EVM chains, and `solana` only when the site has
 * Solana networks (a site without them asks for nothing of Solana).
 */
export function proposalNamespaces(parameters: {
  evmChainIds: readonly number[]
  rpcMap: Record<number, string>
  solanaNetworks?: readonly WalletConnectSolanaNetwork[]
}) {
  const solana = parameters.solanaNetworks ?? []
  return {
    eip155: {
      chains: parameters.evmChainIds.map((id) => `eip155:${id}`),
      methods: [...WALLETCONNECT_METHODS] as string[],
      events: [...WALLETCONNECT_EVENTS] as string[],
      rpcMap: parameters.rpcMap as Record<string, string>,
    },
    ...(solana.length > 0 && {
      solana: {
        chains: solana.map((n) => n.id),
        methods: [...WALLETCONNECT_SOLANA_METHODS] as string[],
        events: [] as string[],
        rpcMap: Object.fromEntries(solana.map((n) => [n.id, n.rpcUrl])),
      },
    }),
  }
}
