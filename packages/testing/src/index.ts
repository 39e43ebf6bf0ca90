/**
 * @foyer/testing — test wallets for end-to-end tests of sites that use Foyer (or any EIP-6963 dapp).
 */

export { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS, SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from './accounts.ts'
export { type RpcErrorShape, WalletErrorCode, WalletRpcError } from './errors.ts'
export { TEST_WALLET_ICON } from './icon.ts'
export {
  DEFAULT_NAME,
  DEFAULT_RDNS,
  installTestWallet,
  stableUuid,
  type TestWallet,
  type TestWalletOptions,
} from './playwright.ts'
export {
  createSolanaTestWallet,
  SOLANA_LOCALNET_CHAIN,
  SolanaTestWallet,
  SolanaTestWalletError,
  type SolanaTestWalletErrorCode,
  type SolanaTestWalletOptions,
  type SolanaTestWalletRequest,
  type SolanaTestWalletView,
} from './solana/index.ts'
export {
  type EventScope,
  type EventSink,
  PROMPT_METHODS,
  type TestWalletChain,
  TestWalletCore,
  type TestWalletCoreOptions,
  type TestWalletRequest,
  toWalletRpcError,
  type WalletEventName,
} from './wallet-core/index.ts'
export {
  WALLETCONNECT_TEST_WALLET_SOLANA_METHODS,
  type WalletConnectTestWalletSolanaNetwork,
  type WalletConnectTestWalletSolanaOptions,
} from './walletconnect/walletConnectSolana.ts'
export {
  createWalletConnectTestWallet,
  type PendingProposal,
  WALLETCONNECT_TEST_WALLET_EVENTS,
  WALLETCONNECT_TEST_WALLET_METHODS,
  type WalletConnectTestWallet,
  type WalletConnectTestWalletOptions,
} from './walletconnect/walletConnectTestWallet.ts'
