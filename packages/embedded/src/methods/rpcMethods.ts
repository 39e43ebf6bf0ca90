/**
 * Which JSON-RPC methods the embedded wallet accepts.
 * Safe methods only read and are answered without asking. Not-safe methods sign or send and always need an
 * approval the person sees inside the frame. Anything on neither list is refused.
 */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_switchEthereumChain',
  'wallet_getPermissions',
  'getAccounts',
  'getBalance',
  'getLatestBlockhash',
] as const

export const NOT_SAFE_RPC_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_requestPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]
export type NotSafeRpcMethod = (typeof NOT_SAFE_RPC_METHODS)[number]
export type RpcMethodClass = 'safe' | 'notSafe' | 'notAllowed'

const safe = new Set<string>(SAFE_RPC_METHODS)
const notSafe = new Set<string>(NOT_SAFE_RPC_METHODS)

/** `safe` (answer without asking), `notSafe` (ask the person first) or `notAllowed` (refuse). */
export function classifyRpcMethod(method: string): RpcMethodClass {
  if (safe.has(method)) return 'safe'
  if (notSafe.has(method)) return 'notSafe'
  return 'notAllowed'
}
