/**
 * The light part of the smart account, loaded with the frame: which chains' support the frame can use and the
 * limits. The user-operation code (viem's account abstraction) is its own chunk, loaded on the first operation.
 */
import type { EmbeddedSmartAccountSupport } from '@foyer/core/protocol'
import type { Address, Hex } from 'viem'

/** EntryPoint v0.8, the one Simple7702Account (v0.8) is built for. */
export const ENTRY_POINT_V08 = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
/** How long one step may wait on the bundler (or the chain behind it). */
export const BUNDLER_DEADLINE_MS = 15_000
/** The most calls one operation carries (wallet_sendCalls). */
export const MAX_CALLS = 16

export type SmartAccountCall = { to: Address; value?: bigint; data?: Hex }

/** A chain's smart-account support as the frame may use it: EntryPoint v0.8 only. */
export function usableSupport(support: EmbeddedSmartAccountSupport | undefined) {
  return support && support.entryPoint.toLowerCase() === ENTRY_POINT_V08.toLowerCase() ? support : undefined
}
