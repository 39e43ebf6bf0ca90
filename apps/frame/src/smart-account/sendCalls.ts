/**
 * EIP-5792 in the frame: what the site sends (`wallet_sendCalls`) checked before anything is shown, the approval
 * that lists the calls in plain words, and the bundles this frame sent (`wallet_getCallsStatus` answers from the
 * bundler's receipt). A bundle is one user operation, so it is always atomic.
 */
import type { EmbeddedSmartAccountSupport, SponsorshipRefusal } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import { type Address, type Chain, type Hex, isAddress, isHex, numberToHex } from 'viem'
import type { ApprovalDetails } from '../approval/approvalScreen.ts'
import { formatEther } from '../rpc/format.ts'
import { t } from '../screens.ts'
import { MAX_CALLS, type SmartAccountCall } from './support.ts'

const invalid = (message: string) => new FrameHostError('invalid_request', message)

/** One `wallet_sendCalls` request, checked: the calls, the chain it names, the site's bundle id if any. */
export type CallsRequest = { calls: SmartAccountCall[]; chainId: number; id?: string; from?: string }

export function parseSendCalls(params: unknown): CallsRequest {
  const [request] = Array.isArray(params) ? params : []
  if (!request || typeof request !== 'object') throw invalid('wallet_sendCalls needs a request object')
  const { calls, chainId, id, from, capabilities } = request as Record<string, unknown>
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(chainId))
    throw invalid('wallet_sendCalls needs a hex chainId')
  if (!Array.isArray(calls) || calls.length === 0) throw invalid('wallet_sendCalls needs at least one call')
  if (calls.length > MAX_CALLS) throw invalid(`wallet_sendCalls takes at most ${MAX_CALLS} calls`)
  if (id !== undefined && (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$|^0x[0-9a-fA-F]{1,128}$/.test(id)))
    throw invalid('The bundle id is malformed')
  if (from !== undefined && (typeof from !== 'string' || !isAddress(from))) throw invalid('from is not an address')
  // A capability the site marks as required and this wallet does not know must refuse the whole request.
  if (capabilities && typeof capabilities === 'object')
    for (const [name, value] of Object.entries(capabilities))
      if (value && typeof value === 'object' && (value as { optional?: unknown }).optional !== true)
        throw new FrameHostError('rpc_error', `The capability ${name} is not supported`, { rpcCode: 5700 })
  return {
    chainId: Number(BigInt(chainId)),
    calls: calls.map((call, index) => parseCall(call, index)),
    ...(typeof id === 'string' ? { id } : {}),
    ...(typeof from === 'string' ? { from } : {}),
  }
}

function parseCall(call: unknown, index: number): SmartAccountCall {
  if (!call || typeof call !== 'object') throw invalid(`Call ${index + 1} is not an object`)
  const { to, value, data } = call as Record<string, unknown>
  if (typeof to !== 'string' || !isAddress(to)) throw invalid(`Call ${index + 1} needs a "to" address`)
  if (data !== undefined && (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0))
    throw invalid(`Call ${index + 1} has malformed data`)
  let amount: bigint | undefined
  if (value !== undefined) {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
      throw invalid(`Call ${index + 1} has a malformed value`)
    amount = BigInt(value)
  }
  return { to: to as Address, ...(amount ? { value: amount } : {}), ...(data ? { data: data as Hex } : {}) }
}

/**
 * The approval of calls from the smart account: network, account, each call, and the most it may cost — or that the
 * site pays the gas; when the site's paymaster refused, a line says why the account pays.
 */
export function callsApproval(options: {
  title: ApprovalDetails['title']
  site: string
  chain: Chain
  account: Address
  calls: SmartAccountCall[]
  maxCost: bigint
  delegates: boolean
  sponsored?: boolean
  refusal?: SponsorshipRefusal
}): ApprovalDetails {
  const { chain, calls } = options
  const symbol = chain.nativeCurrency.symbol
  const single = calls.length === 1
  const rows: ApprovalDetails['rows'] = [
    ['frame.network', `${chain.name} (${chain.id})`],
    ['frame.from', `${options.account} (${t('frame.smartAccount')})`],
  ]
  calls.forEach((call, i) => {
    const value = `${formatEther(call.value ?? 0n)} ${symbol}`
    if (single) rows.push(['frame.to', call.to], ['frame.value', value])
    else rows.push(['frame.call', `${i + 1}. ${call.to} · ${value}`])
  })
  if (options.sponsored) rows.push(['frame.networkFee', t('frame.gasSponsored')])
  else rows.push(['frame.maxNetworkFee', `${formatEther(options.maxCost)} ${symbol}`])
  const summary: NonNullable<ApprovalDetails['summary']> = []
  if (options.delegates) summary.push({ key: 'frame.delegation', parameters: {} })
  if (options.refusal && !options.sponsored)
    summary.push({
      key:
        options.refusal === 'daily_operations_exceeded' || options.refusal === 'daily_gas_exceeded'
          ? 'frame.notSponsoredLimit'
          : 'frame.notSponsoredCall',
      parameters: {},
    })
  const data = calls
    .map((call, i) => (call.data && call.data !== '0x' ? (single ? call.data : `${i + 1}. ${call.data}`) : ''))
    .filter(Boolean)
  return {
    title: options.title,
    site: options.site,
    rows,
    ...(summary.length ? { summary } : {}),
    ...(data.length ? { body: data.join('\n') } : {}),
  }
}

type SentBundle = { account: Address; chainId: number; support: EmbeddedSmartAccountSupport; operation: Hex }

/** The bundles this frame sent, by id (kept in memory: a reload forgets them, as it forgets pending approvals). */
export function sentBundles(limit = 200) {
  const bundles = new Map<string, SentBundle>()
  /** Ids of requests still being approved or sent: a second request with the same id is refused at once. */
  const reserved = new Set<string>()
  return {
    /** False when the id is taken (sent, or on its way). */
    reserve(id: string) {
      if (bundles.has(id) || reserved.has(id)) return false
      reserved.add(id)
      return true
    },
    release: (id: string) => reserved.delete(id),
    add(id: string, bundle: SentBundle) {
      reserved.delete(id)
      bundles.set(id, bundle)
      if (bundles.size > limit) bundles.delete(bundles.keys().next().value as string)
    },
    /** Only the account that sent a bundle can ask about it. */
    get(id: string, account: Address) {
      const bundle = bundles.get(id)
      return bundle && bundle.account.toLowerCase() === account.toLowerCase() ? bundle : undefined
    },
  }
}
export type SentBundles = ReturnType<typeof sentBundles>

export const hexChainId = (id: number) => numberToHex(id)
