/**
 * The embedded wallet on Solana, as core's `EmbeddedSolanaWallet`: each request goes to the frame, which shows it in
 * plain words and signs once the person approves. `chain` is the cluster's CAIP-2 id; signatures are base58,
 * transactions wire bytes. The frame client tells it the signed-in person's address (`setAddress`), and it tells
 * whoever watches (a Solana adapter connected through this wallet).
 */
import type { EmbeddedSolanaWallet } from '@foyer/core/internal'
import { EmbeddedRpcError } from '../errors/frameErrors.ts'
import {
  parseSolanaRequestResult,
  type SolanaRequestMethod,
  type SolanaRequestParams,
  type SolanaRequestResult,
} from '../messages/solanaRequests.ts'

/** The frame client's JSON-RPC request (classified, then sent to the frame). */
type FrameRequest = (args: { method: string; params?: unknown }, signal?: AbortSignal) => Promise<unknown>

export function createEmbeddedSolana(request: FrameRequest) {
  let address: string | undefined
  const watchers = new Set<(address: string | undefined) => void>()

  /** A Solana request to the frame; params and the answer are checked exactly. */
  async function solanaRequest<method extends SolanaRequestMethod>(
    method: method,
    params: Omit<SolanaRequestParams<method>, 'account'>,
    signal?: AbortSignal,
  ): Promise<SolanaRequestResult<method>> {
    if (!address) throw new EmbeddedRpcError({ rpcCode: 4100, message: 'The embedded wallet has no Solana account' })
    const result = await request({ method, params: { ...params, account: address } }, signal)
    return parseSolanaRequestResult(method, result)
  }

  const wallet: EmbeddedSolanaWallet = {
    getSolanaAddress: () => address,
    watchSolanaAddress(onChange) {
      const watcher = (next: string | undefined) => onChange(next)
      watchers.add(watcher)
      return () => void watchers.delete(watcher)
    },
    signSolanaMessage: ({ message }, options) =>
      solanaRequest('solana_signMessage', { message: bytesToBase64(message) }, options?.signal),
    async signSolanaTransaction({ chain, transaction }, options) {
      const result = await solanaRequest(
        'solana_signTransaction',
        { chain, transaction: bytesToBase64(transaction) },
        options?.signal,
      )
      return { signature: result.signature, transaction: base64ToBytes(result.transaction) }
    },
    signAndSendSolanaTransaction: ({ chain, transaction, sendOptions }, options) =>
      solanaRequest(
        'solana_signAndSendTransaction',
        { chain, transaction: bytesToBase64(transaction), ...(sendOptions ? { options: sendOptions } : {}) },
        options?.signal,
      ),
  }

  return {
    wallet,
    /** The signed-in person's Solana address (undefined once nobody is); watchers hear of a change. */
    setAddress(next: string | undefined) {
      if (next === address) return
      address = next
      for (const watcher of [...watchers]) watcher(next)
    },
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}
