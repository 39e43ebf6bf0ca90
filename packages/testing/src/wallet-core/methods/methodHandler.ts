import type { WalletState } from '../walletState.ts'

/** One request as a handler sees it: the caller's normalised origin, the method and its params as an array. */
export interface MethodCall {
  origin: string
  method: string
  params: unknown[]
}

/** Answers one EIP-1193 method (or throws a `WalletRpcError`). */
export type MethodHandler = (wallet: WalletState, call: MethodCall) => unknown

/** A group of handlers, keyed by method name. */
export type MethodHandlers = Readonly<Record<string, MethodHandler>>
