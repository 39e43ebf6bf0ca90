/**
 * The wallet's EIP-1193 methods (RPC_REQUEST). Safe ones are answered or forwarded to the chain's node; not-safe ones
 * are shown for approval first. The chain is captured when a request arrives: the approval shows it and the
 * signature or transaction uses exactly that chain, whatever happens in between.
 */
import { classifyRpcMethod, FrameHostError } from '@foyer/embedded/host'
import { type Chain, createPublicClient, createWalletClient, type Hex, http, isHex, type PrivateKeyAccount } from 'viem'
import type { ApprovalDetails } from '../approval/approvalScreen.ts'
import { parseTypedData } from '../approval/typedData.ts'
import { typedDataApproval } from '../approval/typedDataApproval.ts'
import { formatEther, safeText } from './format.ts'

export type RpcContext = {
  /** The site's origin, shown as who asks. */
  site: string
  /** Waits for a restored session; throws `unauthorized` without one. */
  signedIn: () => Promise<void>
  account: () => PrivateKeyAccount
  /** The wallet's current chain; throws when none is configured. */
  chain: () => Chain
  /** Resolves when the person approved; throws `rejected` / `aborted` otherwise. */
  approve: (details: ApprovalDetails) => Promise<void>
}

type TransactionParams = { from?: string; to?: string; value?: Hex; data?: Hex; gas?: Hex }

export function createRpc(context: RpcContext) {
  const unknownAccount = () => new FrameHostError('rpc_error', 'Unknown account', { rpcCode: 4100 })
  const checkFrom = (from: unknown, account: PrivateKeyAccount) => {
    if (typeof from === 'string' && from.toLowerCase() !== account.address.toLowerCase()) throw unknownAccount()
  }

  async function forward(chain: Chain, method: string, params: unknown[]) {
    try {
      return await createPublicClient({ chain, transport: http() }).request({
        method: method as never,
        params: params as never,
      })
    } catch (error) {
      const e = error as { code?: number; shortMessage?: string }
      throw new FrameHostError('rpc_error', e.shortMessage ?? 'RPC request failed', {
        rpcCode: typeof e.code === 'number' ? e.code : -32603,
      })
    }
  }

  async function transaction(
    method: 'eth_sendTransaction' | 'eth_signTransaction',
    tx: TransactionParams | undefined,
    account: PrivateKeyAccount,
    chain: Chain,
  ) {
    if (!tx || typeof tx !== 'object') throw new FrameHostError('invalid_request', 'A transaction object is required')
    checkFrom(tx.from, account)
    let request: { to?: Hex; value?: bigint; data?: Hex; gas?: bigint }
    try {
      request = {
        to: tx.to as Hex | undefined,
        value: tx.value ? BigInt(tx.value) : undefined,
        data: tx.data,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
      }
    } catch {
      throw new FrameHostError('invalid_request', 'The transaction has a malformed value or gas')
    }
    await context.approve({
      title: method === 'eth_sendTransaction' ? 'frame.sendTransaction' : 'frame.signTransaction',
      site: context.site,
      rows: [
        ['frame.network', `${chain.name} (${chain.id})`],
        ['frame.from', account.address],
        ['frame.to', tx.to ?? '—'],
        ['frame.value', `${formatEther(request.value ?? 0n)} ${chain.nativeCurrency.symbol}`],
      ],
      body: tx.data && tx.data !== '0x' ? tx.data : undefined,
    })
    // The chain captured on arrival, never the one current now.
    const wallet = createWalletClient({ account, chain, transport: http() })
    try {
      if (method === 'eth_signTransaction')
        return await account.signTransaction((await wallet.prepareTransactionRequest(request)) as never)
      return await wallet.sendTransaction(request)
    } catch (error) {
      throw new FrameHostError(
        'rpc_error',
        (error as { shortMessage?: string }).shortMessage ?? 'The transaction failed',
        { rpcCode: -32603 },
      )
    }
  }

  return async function rpc(method: string, params: unknown): Promise<unknown> {
    const kind = classifyRpcMethod(method)
    if (kind === 'notAllowed') throw new FrameHostError('not_allowed', 'Requested RPC call is not allowed')
    await context.signedIn()
    const list = Array.isArray(params) ? params : []
    const account = context.account()
    const chain = context.chain()
    if (kind === 'safe') {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [account.address]
        case 'eth_chainId':
          return `0x${chain.id.toString(16)}`
        case 'wallet_getCapabilities':
          return {}
        case 'wallet_getPermissions':
          return []
        case 'wallet_getCallsStatus':
        case 'getAccounts':
        case 'getBalance':
        case 'getLatestBlockhash':
          throw new FrameHostError('unsupported', `${method} is not supported by this wallet`)
      }
      return forward(chain, method, list)
    }
    switch (method) {
      case 'personal_sign': {
        const [message, from] = list as [unknown, unknown]
        checkFrom(from, account)
        if (typeof message !== 'string') throw new FrameHostError('invalid_request', 'personal_sign needs a message')
        const text = isHex(message) ? safeText(message) : message
        await context.approve({
          title: 'frame.signMessage',
          site: context.site,
          rows: [['frame.account', account.address]],
          body: text,
        })
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4':
      case 'eth_signTypedData': {
        const [from, raw] = list as [unknown, unknown]
        checkFrom(from, account)
        // Checked (shape, values, domain chain) before anything is shown.
        const typed = parseTypedData(raw, chain.id)
        await context.approve(typedDataApproval(typed, { site: context.site, account: account.address, chain }))
        return account.signTypedData(typed as never)
      }
      case 'eth_sendTransaction':
      case 'eth_signTransaction':
        return transaction(method, (list as [TransactionParams | undefined])[0], account, chain)
      default:
        // Listed as not-safe (Solana signing, wallet_sendCalls, permissions, user operations, eth_sign) but not
        // something this EOA wallet does yet: refuse rather than pretend.
        throw new FrameHostError('unsupported', `${method} is not supported by this wallet yet`)
    }
  }
}
