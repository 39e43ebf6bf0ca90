/**
 * The wallet's way to the selected chain's node: raw JSON-RPC for the reads it forwards, and a viem wallet client
 * for the transactions it signs and sends.
 */
import {
  type Chain,
  createWalletClient,
  defineChain,
  type HttpTransport,
  http,
  type PrivateKeyAccount,
  type WalletClient,
} from 'viem'
import { type RpcErrorShape, WalletErrorCode, WalletRpcError } from '../../errors.ts'
import type { TestWalletChain } from '../types.ts'

const RPC_TIMEOUT_MS = 30_000

const DEFAULT_NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

function viemChain(chain: TestWalletChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name ?? `Chain ${chain.id}`,
    nativeCurrency: chain.nativeCurrency ?? DEFAULT_NATIVE,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

/** A viem wallet client for `account` on `chain` (no retries: a test wants the first failure). */
export function walletClientFor(
  account: PrivateKeyAccount,
  chain: TestWalletChain,
): WalletClient<HttpTransport, Chain, PrivateKeyAccount> {
  return createWalletClient({
    account,
    chain: viemChain(chain),
    transport: http(chain.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }),
  })
}

/** Sends one JSON-RPC request to the chain's node; its error becomes a `WalletRpcError` with the node's code. */
export async function forwardToNode(
  chain: TestWalletChain,
  id: number,
  method: string,
  params: unknown,
): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    })
  } catch (err) {
    throw new WalletRpcError(
      WalletErrorCode.internal,
      `RPC of chain ${chain.id} (${chain.rpcUrl}) unreachable: ${(err as Error).cause ? String((err as Error & { cause: Error }).cause.message ?? (err as Error).cause) : (err as Error).message}`,
    )
  }
  let body: { result?: unknown; error?: RpcErrorShape }
  try {
    body = (await res.json()) as typeof body
  } catch {
    throw new WalletRpcError(
      WalletErrorCode.internal,
      `RPC of chain ${chain.id} answered HTTP ${res.status} without JSON`,
    )
  }
  if (body.error)
    throw new WalletRpcError(
      Number(body.error.code) || WalletErrorCode.internal,
      String(body.error.message),
      body.error.data,
    )
  return body.result === undefined ? null : body.result
}
