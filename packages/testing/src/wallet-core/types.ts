/**
 * The public shapes of the test wallet core: its options, the chains it knows, its request log, and the events it
 * sends to pages.
 */
import type { Address, Hex } from 'viem'
import type { RpcErrorShape } from '../errors.ts'

/** A chain the wallet knows. `rpcUrl` is where reads and raw transactions go. */
export interface TestWalletChain {
  id: number
  rpcUrl: string
  name?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

export interface TestWalletCoreOptions {
  /** The account's private key (0x + 64 hex). */
  privateKey: Hex
  /** Chains the wallet has, at least one. */
  chains: readonly TestWalletChain[]
  /** The chain selected at start; defaults to the first of `chains`. */
  initialChainId?: number
  /**
   * After `wallet_addEthereumChain` the wallet switches to the added chain (and emits `chainChanged`), as
   * MetaMask does when the user accepts. wagmi's `switchChain` relies on that. Default true.
   */
  switchChainOnAdd?: boolean
  /**
   * Atomic batching (EIP-5792): `wallet_getCapabilities` reports `atomic: { status: 'supported' }` on every chain,
   * and `wallet_sendCalls` delegates the account to `batchDelegate` (EIP-7702) and runs the calls in one
   * transaction. Off (the default), no `atomic` capability is reported: a batch that requires atomicity is refused
   * (5760), one that does not is sent as one transaction a call.
   */
  atomicBatch?: boolean
  /**
   * The contract the account delegates to for atomic batches: one with `executeBatch((address,uint256,bytes)[])`
   * callable by the account itself. Default: Simple7702Account v0.8 at its devnet address.
   */
  batchDelegate?: Address
  /** Origins authorised from the start (as if the user had connected earlier). */
  authorizedOrigins?: readonly string[]
}

/** One entry of the request log. */
export interface TestWalletRequest {
  method: string
  params: unknown
  /** The origin of the frame that called, e.g. `http://127.0.0.1:5173` (`null` for opaque origins). */
  origin: string
  /** Milliseconds since the epoch when the request arrived. */
  at: number
  /** Set once answered. */
  result?: unknown
  /** Set if the request failed. */
  error?: RpcErrorShape
}

/** Where an event goes: every page, or only frames of the given origins. */
export type EventScope = { kind: 'all' } | { kind: 'origins'; origins: readonly string[] }

export type WalletEventName = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'

/** Delivers an EIP-1193 event to the pages; the promise resolves once they have it. */
export type EventSink = (scope: EventScope, event: WalletEventName, payload: unknown) => Promise<void>
