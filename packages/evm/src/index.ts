// Public API of @foyer/evm. `index.test.ts` snapshots the export names.
export { type EvmAdapter, type EvmAdapterParameters, evmAdapter } from './adapter/evmAdapter.ts'
export { toCaipNetwork } from './networks/evmNetworks.ts'
export type { EvmPublicClient } from './networks/publicClients.ts'
export type { WaitForReceiptOptions } from './receipt/waitForReceipt.ts'
export {
  PairingSupersededError,
  WALLETCONNECT_METHODS,
  type WalletConnectParameters,
  type WalletConnectSolanaNetwork,
  walletConnect,
} from './walletconnect/walletConnectConnector.ts'
