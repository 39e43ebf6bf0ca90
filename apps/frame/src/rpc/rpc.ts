/**
 * The wallet's EIP-1193 methods (RPC_REQUEST). Safe ones are answered or forwarded to the chain's node; not-safe ones
 * are shown for approval first. The chain is captured when a request arrives: the approval shows it and the
 * signature or transaction uses exactly that chain, whatever happens in between.
 */
import type { EmbeddedSmartAccountSupport, SponsorshipRefusal } from '@foyer/core/protocol'
import { classifyRpcMethod, FrameHostError, isSolanaRequestMethod } from '@foyer/embedded/host'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  isHex,
  numberToHex,
  type PrivateKeyAccount,
} from 'viem'
import type { ApprovalDetails } from '../approval/approvalScreen.ts'
import { parseTypedData } from '../approval/typedData.ts'
import { typedDataApproval } from '../approval/typedDataApproval.ts'
import { callsApproval, parseSendCalls, sentBundles } from '../smart-account/sendCalls.ts'
import { BUNDLER_DEADLINE_MS, type SmartAccountCall } from '../smart-account/support.ts'
import type { SponsorEndpoint } from '../smart-account/userOperation.ts'
import type { SolanaKey } from '../solana/solanaKey.ts'
import type { FrameSolanaChain } from '../solana/solanaRequests.ts'

/** viem's account abstraction is its own chunk: loaded on the first user operation, never for an EOA. */
const userOperations = () => import('../smart-account/userOperation.ts')
/** Solana (kit, the transaction's description) is its own chunk too: loaded on the first Solana request. */
const solanaRequests = () => import('../solana/solanaRequests.ts')

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
  /** Every chain the wallet has (wallet_getCapabilities, wallet_sendCalls); defaults to the current one. */
  chains?: () => Chain[]
  /**
   * The chain's smart-account support when the person's account is the smart account there (EIP-7702,
   * transactions as user operations); undefined: the key's own transactions (and no wallet_sendCalls).
   */
  smartAccount?: (chain: Chain) => EmbeddedSmartAccountSupport | undefined
  /** How long one step may wait on the bundler; 15 s. */
  bundlerDeadlineMs?: number
  /** The project's paymaster for the signed-in session, used on chains whose `sponsored` is true. */
  sponsor?: () => SponsorEndpoint | undefined
  /** The wallet's Solana key (from the same secret as `account`); without it Solana requests are unsupported. */
  solanaKey?: () => SolanaKey
  /** The Solana chains the server configures (RPC, known mints); the public clusters are known without it. */
  solanaChains?: () => readonly FrameSolanaChain[]
}

type TransactionParams = { from?: string; to?: string; value?: Hex; data?: Hex; gas?: Hex }

export function createRpc(context: RpcContext) {
  const deadlineMs = context.bundlerDeadlineMs ?? BUNDLER_DEADLINE_MS
  const chains = () => context.chains?.() ?? [context.chain()]
  const smartAccountOn = (chain: Chain) => context.smartAccount?.(chain)
  const bundles = sentBundles()
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

  /** Calls from the smart account: one user operation, one approval; answers the operation's hash once sent. */
  async function sendFromSmartAccount(options: {
    title: ApprovalDetails['title']
    calls: SmartAccountCall[]
    account: PrivateKeyAccount
    chain: Chain
    support: EmbeddedSmartAccountSupport
  }) {
    const { calls, account, chain, support } = options
    const { prepareCalls, sponsorshipRefusal } = await userOperations()
    const sponsor = support.sponsored ? context.sponsor?.() : undefined
    let refusal: SponsorshipRefusal | undefined
    let prepared: Awaited<ReturnType<typeof prepareCalls>> | undefined
    if (sponsor)
      try {
        prepared = await prepareCalls({ chain, support, owner: account, deadlineMs, sponsor }, calls)
      } catch (error) {
        // The site's paymaster said no: the account pays its own gas, and the approval says why.
        refusal = sponsorshipRefusal(error)
        if (!refusal) throw error
      }
    prepared ??= await prepareCalls({ chain, support, owner: account, deadlineMs }, calls)
    await context.approve(
      callsApproval({
        title: options.title,
        site: context.site,
        chain,
        account: account.address,
        calls,
        maxCost: prepared.maxCost,
        delegates: prepared.delegates,
        sponsored: prepared.sponsored,
        ...(refusal ? { refusal } : {}),
      }),
    )
    return prepared.submit()
  }

  async function smartTransaction(
    tx: TransactionParams | undefined,
    account: PrivateKeyAccount,
    chain: Chain,
    support: EmbeddedSmartAccountSupport,
  ) {
    if (!tx || typeof tx !== 'object') throw new FrameHostError('invalid_request', 'A transaction object is required')
    checkFrom(tx.from, account)
    if (typeof tx.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to))
      throw new FrameHostError('unsupported', 'A smart account cannot deploy a contract: the transaction needs a "to"')
    let call: SmartAccountCall
    try {
      call = {
        to: tx.to as Address,
        ...(tx.value && BigInt(tx.value) > 0n ? { value: BigInt(tx.value) } : {}),
        ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
      }
    } catch {
      throw new FrameHostError('invalid_request', 'The transaction has a malformed value')
    }
    if (call.data !== undefined && !isHex(call.data))
      throw new FrameHostError('invalid_request', 'The transaction has malformed data')
    const operation = await sendFromSmartAccount({
      title: 'frame.sendTransaction',
      calls: [call],
      account,
      chain,
      support,
    })
    const { bundlerFor, waitForOperation } = await userOperations()
    const landed = await waitForOperation(
      bundlerFor({ chain, support, owner: account, deadlineMs }).bundler,
      operation,
      deadlineMs,
    )
    if (!landed.success)
      throw new FrameHostError('rpc_error', `The transaction reverted (${landed.transactionHash})`, { rpcCode: -32603 })
    return landed.transactionHash
  }

  async function sendCalls(params: unknown, account: PrivateKeyAccount) {
    const request = parseSendCalls(params)
    checkFrom(request.from, account)
    const chain = chains().find((c) => c.id === request.chainId)
    const support = chain && smartAccountOn(chain)
    if (!chain || !support)
      throw new FrameHostError('rpc_error', `Calls on chain ${request.chainId} are not supported by this account`, {
        rpcCode: 5710,
      })
    if (request.id !== undefined && !bundles.reserve(request.id))
      throw new FrameHostError('rpc_error', 'A bundle with this id was already sent', { rpcCode: 5720 })
    try {
      const operation = await sendFromSmartAccount({
        title: request.calls.length === 1 ? 'frame.sendTransaction' : 'frame.sendCalls',
        calls: request.calls,
        account,
        chain,
        support,
      })
      const id = request.id ?? operation
      bundles.add(id, { account: account.address, chainId: chain.id, support, operation })
      return { id }
    } finally {
      if (request.id !== undefined) bundles.release(request.id)
    }
  }

  async function callsStatus(params: unknown, account: PrivateKeyAccount) {
    const [id] = Array.isArray(params) ? params : []
    const bundle = typeof id === 'string' ? bundles.get(id, account.address) : undefined
    if (!bundle) throw new FrameHostError('rpc_error', 'Unknown bundle id', { rpcCode: 5730 })
    const chain = chains().find((c) => c.id === bundle.chainId)
    if (!chain) throw new FrameHostError('rpc_error', 'Unknown bundle id', { rpcCode: 5730 })
    const { bundlerFor, operationReceipt } = await userOperations()
    const { bundler } = bundlerFor({ chain, support: bundle.support, owner: account, deadlineMs })
    const found = await operationReceipt(bundler, bundle.operation)
    const base = { version: '2.0.0', id, chainId: numberToHex(chain.id), atomic: true }
    if (!found) return { ...base, status: 100 }
    const { receipt } = found
    return {
      ...base,
      status: found.success ? 200 : 500,
      receipts: [
        {
          logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
          // The operation's outcome: the bundle's transaction succeeds even when the operation's calls reverted.
          status: found.success && receipt.status === 'success' ? '0x1' : '0x0',
          blockHash: receipt.blockHash,
          blockNumber: numberToHex(receipt.blockNumber),
          gasUsed: numberToHex(receipt.gasUsed),
          transactionHash: receipt.transactionHash,
        },
      ],
    }
  }

  function capabilities(params: unknown[], account: PrivateKeyAccount) {
    const [address, ids] = params as [unknown, unknown]
    checkFrom(address, account)
    const wanted = Array.isArray(ids)
      ? new Set(ids.filter((x) => typeof x === 'string').map((x) => Number(x)))
      : undefined
    const answer: Record<string, { atomic: { status: 'supported' | 'unsupported' } }> = {}
    for (const chain of chains()) {
      if (wanted && !wanted.has(chain.id)) continue
      answer[numberToHex(chain.id)] = { atomic: { status: smartAccountOn(chain) ? 'supported' : 'unsupported' } }
    }
    return answer
  }

  return async function rpc(method: string, params: unknown): Promise<unknown> {
    const kind = classifyRpcMethod(method)
    if (kind === 'notAllowed') throw new FrameHostError('not_allowed', 'Requested RPC call is not allowed')
    await context.signedIn()
    if (isSolanaRequestMethod(method)) {
      if (!context.solanaKey) throw new FrameHostError('unsupported', `${method} is not supported by this wallet`)
      const { solanaRequest } = await solanaRequests()
      return solanaRequest(method, params, {
        site: context.site,
        key: context.solanaKey,
        chains: () => context.solanaChains?.() ?? [],
        approve: context.approve,
      })
    }
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
          return capabilities(list, account)
        case 'wallet_getPermissions':
          return []
        case 'wallet_getCallsStatus':
          return callsStatus(list, account)
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
      case 'eth_signTransaction': {
        const support = smartAccountOn(chain)
        if (!support) return transaction(method, (list as [TransactionParams | undefined])[0], account, chain)
        if (method === 'eth_signTransaction')
          throw new FrameHostError('unsupported', 'A smart account sends user operations: it signs no transactions')
        return smartTransaction((list as [TransactionParams | undefined])[0], account, chain, support)
      }
      case 'wallet_sendCalls':
        if (!chains().some((c) => smartAccountOn(c)))
          throw new FrameHostError('unsupported', 'wallet_sendCalls needs the smart account')
        return sendCalls(params, account)
      default:
        // Listed as not-safe (Solana signing, permissions, user operations, eth_sign) but not something this wallet
        // does: refuse rather than pretend.
        throw new FrameHostError('unsupported', `${method} is not supported by this wallet yet`)
    }
  }
}
