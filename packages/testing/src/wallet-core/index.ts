/**
 * `@foyer/testing/wallet-core`: the test wallet's Node half without Playwright — for other transports (the dev
 * wallet page in apps/wallet, the WalletConnect test wallet).
 */
export { PROMPT_METHODS } from './methods/dispatch.ts'
export { normalizeOrigin } from './origin.ts'
export { TestWalletCore } from './testWalletCore.ts'
export { toWalletRpcError } from './toWalletRpcError.ts'
export type {
  EventScope,
  EventSink,
  TestWalletChain,
  TestWalletCoreOptions,
  TestWalletRequest,
  WalletEventName,
} from './types.ts'
