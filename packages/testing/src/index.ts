/**
 * @foyer/testing — test wallets for end-to-end tests of sites that use Foyer (or any EIP-6963 dapp).
 */
export {
  installTestWallet,
  stableUuid,
  DEFAULT_NAME,
  DEFAULT_RDNS,
  type TestWallet,
  type TestWalletOptions,
} from './playwright.ts'
export {
  TestWalletCore,
  PROMPT_METHODS,
  toWalletRpcError,
  type TestWalletChain,
  type TestWalletCoreOptions,
  type TestWalletRequest,
  type WalletEventName,
  type EventScope,
  type EventSink,
} from './wallet-core.ts'
export { WalletErrorCode, WalletRpcError, type RpcErrorShape } from './errors.ts'
export { TEST_WALLET_ICON } from './icon.ts'
export { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from './accounts.ts'
export {
  createWalletConnectTestWallet,
  WALLETCONNECT_TEST_WALLET_EVENTS,
  WALLETCONNECT_TEST_WALLET_METHODS,
  type PendingProposal,
  type WalletConnectTestWallet,
  type WalletConnectTestWalletOptions,
} from './walletconnect/walletConnectTestWallet.ts'
