/**
 * Call batches (EIP-5792): the capabilities the wallet reports, sending a batch, and its status. With atomic
 * batching on, the account delegates to a batch contract (EIP-7702) and the whole batch is one type-4 transaction
 * the account sends to itself; off, a batch that may run non-atomically is one transaction a call.
 */
import { bytesToHex, encodeFunctionData, type Hex, parseAbi } from 'viem'
import { invalidParams, WalletErrorCode, WalletRpcError } from '../../errors.ts'
import { walletClientFor } from '../node/nodeRpc.ts'
import { parseCalls, type WalletCall } from '../params/calls.ts'
import { parseChainId } from '../params/chainId.ts'
import { type SentBatch, toHexChainId, type WalletState } from '../walletState.ts'
import type { MethodHandlers } from './methodHandler.ts'

const batchAbi = parseAbi(['function executeBatch((address target, uint256 value, bytes data)[] calls)'])

/** EIP-5792 status codes. */
export const CallsStatus = { pending: 100, confirmed: 200, reverted: 500, partiallyReverted: 600 } as const

type RpcReceipt = {
  logs: unknown[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

const newBatchId = (): string => bytesToHex(crypto.getRandomValues(new Uint8Array(32)))

/** Refuses a capability the caller marked as required: the wallet supports none on requests. */
function refuseRequiredCapabilities(capabilities: unknown, where: string): void {
  if (capabilities === undefined || capabilities === null) return
  if (typeof capabilities !== 'object' || Array.isArray(capabilities))
    throw invalidParams(`${where} capabilities must be an object`)
  for (const [name, value] of Object.entries(capabilities)) {
    if ((value as { optional?: unknown } | null)?.optional === true) continue
    throw new WalletRpcError(
      WalletErrorCode.unsupportedCapability,
      `The wallet does not support the capability "${name}".`,
    )
  }
}

async function sendAtomic(wallet: WalletState, chainId: number, calls: WalletCall[]): Promise<Hex[]> {
  const client = walletClientFor(wallet.account, wallet.chains.get(chainId)!)
  const authorization = await client.signAuthorization({ contractAddress: wallet.batchDelegate, executor: 'self' })
  const data = encodeFunctionData({
    abi: batchAbi,
    functionName: 'executeBatch',
    args: [calls.map((c) => ({ target: c.to, value: c.value, data: c.data }))],
  })
  const hash = await client.sendTransaction({ authorizationList: [authorization], to: wallet.account.address, data })
  return [hash]
}

/** One transaction a call, in order; a call that cannot be sent stops the rest (the first one throws). */
async function sendEach(wallet: WalletState, chainId: number, calls: WalletCall[], batch: SentBatch): Promise<void> {
  const client = walletClientFor(wallet.account, wallet.chains.get(chainId)!)
  for (const [i, call] of calls.entries()) {
    try {
      batch.hashes.push(await client.sendTransaction({ to: call.to, data: call.data, value: call.value }))
    } catch (error) {
      if (i === 0) throw error
      batch.incomplete = true
      return
    }
  }
}

function statusOf(batch: SentBatch, receipts: (RpcReceipt | null)[]): number {
  if (receipts.some((r) => r === null)) return CallsStatus.pending
  const ok = receipts.filter((r) => r?.status === '0x1').length
  if (ok === receipts.length && !batch.incomplete) return CallsStatus.confirmed
  if (ok === 0) return CallsStatus.reverted
  return CallsStatus.partiallyReverted
}

export const callsMethods: MethodHandlers = {
  wallet_getCapabilities(wallet, { origin, params }) {
    wallet.requireAuthorized(origin, params[0] ?? null)
    const asked = params[1]
    if (asked !== undefined && !Array.isArray(asked)) throw invalidParams('chain ids must be an array')
    const ids = asked ? asked.map(parseChainId).filter((id) => wallet.chains.has(id)) : [...wallet.chains.keys()]
    if (!wallet.atomicBatch) return {}
    return Object.fromEntries(ids.map((id) => [toHexChainId(id), { atomic: { status: 'supported' } }]))
  },

  async wallet_sendCalls(wallet, { origin, params }) {
    const p = params[0] as Record<string, unknown> | undefined
    if (!p || typeof p !== 'object') throw invalidParams('wallet_sendCalls expects [{ version, chainId, calls, … }]')
    wallet.requireAuthorized(origin, p.from)
    if (typeof p.version !== 'string') throw invalidParams('version must be a string')
    if (typeof p.atomicRequired !== 'boolean') throw invalidParams('atomicRequired must be true or false')
    const chainId = parseChainId(p.chainId)
    if (!wallet.chains.has(chainId))
      throw new WalletRpcError(WalletErrorCode.unsupportedChain, `The wallet does not support chain ${chainId}.`)
    const calls = parseCalls(p.calls)
    refuseRequiredCapabilities(p.capabilities, 'batch')
    for (const call of calls) refuseRequiredCapabilities(call.capabilities, 'call')
    if (p.id !== undefined && (typeof p.id !== 'string' || !p.id || p.id.length > 4096))
      throw invalidParams('id must be a non-empty string of at most 4096 characters')
    const id = (p.id as string | undefined) ?? newBatchId()
    if (wallet.batches.has(id))
      throw new WalletRpcError(WalletErrorCode.duplicateId, `A call batch with id ${id} was already sent.`)
    if (p.atomicRequired && !wallet.atomicBatch)
      throw new WalletRpcError(
        WalletErrorCode.atomicityNotSupported,
        'The wallet does not support atomic execution but the request requires it.',
      )
    wallet.prompt('calls')
    const batch: SentBatch = { origin, chainId, atomic: wallet.atomicBatch, hashes: [], incomplete: false }
    if (batch.atomic) batch.hashes = await sendAtomic(wallet, chainId, calls)
    else await sendEach(wallet, chainId, calls, batch)
    wallet.batches.set(id, batch)
    return { id }
  },

  async wallet_getCallsStatus(wallet, { origin, params }) {
    const id = params[0]
    if (typeof id !== 'string' || !id) throw invalidParams('wallet_getCallsStatus expects [id]')
    const batch = wallet.batches.get(id)
    if (!batch || batch.origin !== origin)
      throw new WalletRpcError(WalletErrorCode.unknownBundle, `No call batch with id ${id}.`)
    const chain = wallet.chains.get(batch.chainId)!
    const receipts = (await Promise.all(
      batch.hashes.map((hash) => wallet.forward('eth_getTransactionReceipt', [hash], chain)),
    )) as (RpcReceipt | null)[]
    const status = statusOf(batch, receipts)
    return {
      version: '2.0.0',
      id,
      chainId: toHexChainId(batch.chainId),
      status,
      atomic: batch.atomic,
      receipts: receipts
        .filter((r): r is RpcReceipt => r !== null)
        .map(({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }) => ({
          logs,
          status,
          blockHash,
          blockNumber,
          gasUsed,
          transactionHash,
        })),
    }
  },
}
