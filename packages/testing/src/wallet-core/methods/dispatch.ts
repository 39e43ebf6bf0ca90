/**
 * Routes one EIP-1193 request: the methods the wallet answers itself (accounts, signatures, transactions,
 * chains), a refusal for the namespaces a browser wallet never forwards, and every other method to the node.
 */
import { unsupported } from '../../errors.ts'
import type { WalletState } from '../walletState.ts'
import { accountMethods } from './accountMethods.ts'
import { callsMethods } from './callsMethods.ts'
import { chainMethods } from './chainMethods.ts'
import type { MethodHandler } from './methodHandler.ts'
import { signingMethods } from './signingMethods.ts'
import { transactionMethods } from './transactionMethods.ts'

/** Methods that would show the user a prompt in a real wallet, and that `setRejecting(true)` rejects. */
export const PROMPT_METHODS: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_sendCalls',
])

/** Namespaces a browser wallet never forwards to its node: testing-node controls and unhandled wallet methods. */
const BLOCKED_PREFIXES = [
  'wallet_',
  'personal_',
  'anvil_',
  'hardhat_',
  'evm_',
  'ganache_',
  'eth_sign',
  'miner_',
  'admin_',
]
const BLOCKED_METHODS = new Set(['eth_subscribe', 'eth_unsubscribe', 'eth_signTypedData', 'eth_newFilter_subscribe'])

const HANDLERS = new Map<string, MethodHandler>(
  Object.entries({ ...accountMethods, ...signingMethods, ...transactionMethods, ...chainMethods, ...callsMethods }),
)

/** Answers `method` for the (normalised) `origin`; resolves with the result or rejects with a `WalletRpcError`. */
export async function dispatchWalletMethod(
  wallet: WalletState,
  origin: string,
  method: string,
  rawParams: unknown,
): Promise<unknown> {
  const params: unknown[] = Array.isArray(rawParams) ? rawParams : [rawParams]
  const handler = HANDLERS.get(method)
  if (handler) return handler(wallet, { origin, method, params })
  if (BLOCKED_METHODS.has(method) || BLOCKED_PREFIXES.some((p) => method.startsWith(p))) throw unsupported(method)
  return wallet.forward(method, rawParams === undefined ? [] : rawParams)
}
