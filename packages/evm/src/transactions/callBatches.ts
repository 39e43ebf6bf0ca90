/**
 * Call batches through the connected wallet (EIP-5792): whether it runs them atomically on a chain, and sending one
 * atomic batch and waiting until it lands. Part of the sending chunk: it follows a click in the swap view, never a page
 * load. It speaks the three wallet methods over the connector's EIP-1193 client rather than through wagmi's batch
 * actions: those bring viem modules the page's entry shares, and Rolldown then splits them into extra chunks fetched
 * at start (docs/performance.md).
 *
 * With WalletConnect that client is the SDK's provider, which sends all three through the session, never to the RPC
 * URL: `wallet_getCapabilities` answered from the session's own capabilities when the wallet put them there, else by
 * the wallet; a session whose wallet did not approve a method fails it on the spot (so `supportsAtomicBatch` is false
 * at once, not after the preview's wait).
 */
import type { CaipNetwork } from '@foyer/core'
import { type AdapterCallsResult, RECEIPT_TIMEOUT_MS } from '@foyer/core/internal'
import { type Config, getConnectorClient } from '@wagmi/core'
import { type Hex, numberToHex } from 'viem'
import { toFoyerError } from '../errors/walletErrors.ts'
import { evmChainId } from '../networks/evmNetworks.ts'

/** EIP-5792 status codes: 1xx pending, 200 confirmed; anything else is final and not a success. */
const PENDING_BELOW = 200
const CONFIRMED = 200
const POLL_MS = 1_000

type Request = (args: { method: string; params?: unknown }) => Promise<unknown>
type CallsStatus = {
  status: number
  atomic?: boolean
  receipts?: { status: Hex | 'success' | 'reverted'; transactionHash: string }[]
}

async function walletRequest(config: Config, chainId: number) {
  const client = await getConnectorClient(config, { chainId })
  return { request: client.request as unknown as Request, account: client.account.address }
}

/** True when the wallet reports the `atomic` capability as `supported` or `ready` for the network's chain. */
export async function supportsAtomicBatch(config: Config, network: CaipNetwork): Promise<boolean> {
  try {
    const chainId = evmChainId(network)
    const { request, account } = await walletRequest(config, chainId)
    const hexId = numberToHex(chainId)
    const capabilities = (await request({ method: 'wallet_getCapabilities', params: [account, [hexId]] })) as
      | Record<string, { atomic?: { status?: string } } | undefined>
      | undefined
    const status = capabilities?.[hexId]?.atomic?.status
    return status === 'supported' || status === 'ready'
  } catch {
    return false
  }
}

/** Sends the calls as one batch the wallet must run atomically, and waits for its final status. */
export async function sendAtomicCalls(
  config: Config,
  parameters: { network: CaipNetwork; calls: { to: string; data?: Hex; value?: bigint }[] },
): Promise<AdapterCallsResult> {
  try {
    const chainId = evmChainId(parameters.network)
    const { request, account } = await walletRequest(config, chainId)
    const { id } = (await request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: numberToHex(chainId),
          from: account,
          atomicRequired: true,
          calls: parameters.calls.map((call) => ({
            to: call.to,
            ...(call.data && { data: call.data }),
            ...(call.value !== undefined && { value: numberToHex(call.value) }),
          })),
        },
      ],
    })) as { id: string }
    const result = await waitForFinalStatus(request, id)
    return {
      status: result.status === CONFIRMED ? 'success' : 'failure',
      atomic: Boolean(result.atomic),
      receipts: (result.receipts ?? []).map((r) => ({
        status: r.status === '0x1' || r.status === 'success' ? 'success' : 'reverted',
        transactionHash: r.transactionHash,
      })),
    }
  } catch (error) {
    throw toFoyerError(error)
  }
}

/** Asks `wallet_getCallsStatus` every second until the batch is final, for at most `RECEIPT_TIMEOUT_MS`. */
async function waitForFinalStatus(request: Request, id: string): Promise<CallsStatus> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  for (;;) {
    const status = (await request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
    if (status.status >= PENDING_BELOW) return status
    if (Date.now() + POLL_MS > deadline)
      throw new Error(`The call batch ${id} was still pending after ${RECEIPT_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
